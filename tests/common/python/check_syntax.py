"""check_syntax.py FILE: the exported file compiles (py_compile), parses under Python 3.6's grammar
(no assignment expressions, positional-only parameters, ... : ast.parse with feature_version, Python
3.8 or newer running this), and imports only standard-library modules of Python 3.6."""
import ast
import os
import py_compile
import sys
import tempfile

# The standard-library modules an export may use (all present in Python 3.6).
# (array, base64, binascii, operator, struct: what the files carrying a learned evaluation read its weights with.)
ALLOWED = {"array", "ast", "base64", "binascii", "gc", "math", "operator", "os", "random", "struct", "sys", "time",
           "traceback"}


def main(path):
    with open(path) as f:
        source = f.read()
    with tempfile.TemporaryDirectory() as folder:
        py_compile.compile(path, cfile=os.path.join(folder, "compiled.pyc"), doraise=True)
    print("py_compile: ok")
    if sys.version_info >= (3, 8):
        tree = ast.parse(source, filename=path, feature_version=(3, 6))
        print("Python 3.6 grammar: ok")
    else:
        tree = ast.parse(source, filename=path)
        print("Python 3.6 grammar: not checked (this is Python %d.%d)" % sys.version_info[:2])
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        for name in names:
            if name.split(".")[0] not in ALLOWED:
                print("line %d imports %s, which is not in %s" % (node.lineno, name, sorted(ALLOWED)))
                return 1
        if isinstance(node, ast.JoinedStr):
            print("line %d has an f-string (kept out, so that no newer f-string feature slips in)" % node.lineno)
            return 1
    print("imports: standard library only")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
