"""dcms_check_syntax.py FILE: check_syntax.py's checks (compiles, Python 3.6's grammar, standard library
only) for a Dog-Cat-Mouse-cheeSe export that carries a learned evaluation, which also imports base64
(its weights), struct (their little-endian arrays) and operator (the output's sum of products), all
in Python 3.6's standard library."""
import sys

import check_syntax

check_syntax.ALLOWED = check_syntax.ALLOWED | {"base64", "operator", "struct"}

if __name__ == "__main__":
    sys.exit(check_syntax.main(sys.argv[1]))
