// The translation unit that carries the tests' precompiled Catch2 header (tests/CMakeLists.txt).
