# GAMELAB_FUZZ: build the libFuzzer targets of fuzz/ (`make fuzz` configures build-fuzz/ with it).
# Needs clang (Debian: clang, libclang-rt-14-dev for libFuzzer, libomp-dev for OpenMP). Every target of
# the build is instrumented for coverage and checked by AddressSanitizer and UndefinedBehaviorSanitizer,
# so that a fault anywhere below a parser is found, not only in the parser's own file.
option(GAMELAB_FUZZ "Build the libFuzzer targets in fuzz/ (clang only; `make fuzz`)" OFF)
if(GAMELAB_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "GAMELAB_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer -g -Wno-unknown-warning-option)
  add_link_options(-fsanitize=address,undefined)
endif()
