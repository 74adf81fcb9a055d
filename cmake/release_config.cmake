# The frozen release configuration of a game, compiled into its release bots (docs/design.md §5 Parameters).
#
# Usage, in the CMakeLists.txt beside a bot:
#     gamelab_release_config(<bot target> GAME <game>)
# and in the bot's source:
#     #include "<game>/release_params.hpp"
#     const ParamSet params = gamelab::<game>::release::frozen_params(<game>::default_params());
#
# engines/<game>/release.json is written by `gamelab release <game> ...` (eval/release/release_config.hpp
# documents the file); its "params" member is the full parameter set as ParamSet::to_json writes it.
# This helper reads it at configure time and generates ${CMAKE_BINARY_DIR}/generated/<game>/
# release_params.hpp, a constexpr table of (name, value) pairs (cmake/release_params.hpp.in), so the
# bot needs no file at run time. CMake re-runs by itself when release.json changes (or, while it does
# not exist, when a file appears in engines/<game>/), and the header is rewritten only when its content
# changes, so a plain `cmake --build BUILD --target release_bots` picks up a new release. Without
# release.json the table is empty and the bot plays the game's default parameters (kFrozen is false).
# Every bot registered here is also a dependency of the `release_bots` target.
#
# A release may also hold a learned evaluation (`gamelab release <game> --eval FILE`): release.json's
# "eval" member records its fingerprint, input set and mode, and the file itself is
# engines/<game>/release.eval. Its bytes are compiled in as an array (embed_eval.cmake: one object,
# ${CMAKE_BINARY_DIR}/generated/<game>/release_eval.cpp, added to every target registered here), and the
# header's embedded_eval() gives them with the recorded fingerprint and mode, which the bot plays with
# (search/embedded_eval.hpp). The configuration stops, naming the files, when release.eval's
# fingerprint, game or input set is not what release.json records, when release.json names an
# evaluation and release.eval is missing, or when release.eval exists and release.json names none.
# Without one, embedded_eval() is empty and the bots are as they were.

set(GAMELAB_RELEASE_TEMPLATE "${CMAKE_CURRENT_LIST_DIR}/release_params.hpp.in")
include("${CMAKE_CURRENT_LIST_DIR}/embed_eval.cmake")

# Escapes a string for a C++ string literal.
function(_gamelab_cxx_string out text)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  string(REGEX REPLACE "[\r\n]" " " text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Reads member `key` of the release file's JSON (a path of keys and indices), or stops the
# configuration with a message naming the file, the member and what was expected.
function(_gamelab_release_get out file json expected)
  string(JSON value ERROR_VARIABLE error GET "${json}" ${ARGN})
  if(error)
    string(REPLACE ";" "." where "${ARGN}")
    message(FATAL_ERROR "${file}: ${where}: ${error} (expected ${expected}; see eval/release/release_config.hpp)")
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

# The release's learned evaluation, when release.json (`json`, read from `file`) records one: checks
# engines/<game>/release.eval against it, embeds its bytes in `target`, and sets RELEASE_HAS_EVAL,
# RELEASE_EVAL_FINGERPRINT, RELEASE_EVAL_ADD, RELEASE_EVAL_DECLARATION and RELEASE_EVAL_BYTES for the
# header (an empty string_view without one).
function(_gamelab_release_eval target game file json)
  set(eval "${PROJECT_SOURCE_DIR}/engines/${game}/release.eval")
  set(has false)
  if(NOT "${json}" STREQUAL "")
    string(JSON type ERROR_VARIABLE missing TYPE "${json}" eval)
    if(NOT missing AND NOT type STREQUAL "NULL")
      set(has true)
    endif()
  endif()
  set(RELEASE_HAS_EVAL false PARENT_SCOPE)
  set(RELEASE_EVAL_FINGERPRINT "" PARENT_SCOPE)
  set(RELEASE_EVAL_ADD true PARENT_SCOPE)
  set(RELEASE_EVAL_DECLARATION "" PARENT_SCOPE)
  set(RELEASE_EVAL_BYTES "std::string_view()" PARENT_SCOPE)
  if(EXISTS "${eval}")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${eval}")
  endif()
  if(NOT has)
    if(EXISTS "${eval}")
      message(FATAL_ERROR "${eval}: release.json records no learned evaluation (no member eval), so this file is "
                          "no release's: a release.eval comes only with its release.json from `gamelab release ${game} "
                          "--eval FILE` (remove it, or release again)")
    endif()
    return()
  endif()
  _gamelab_release_get(fingerprint "${file}" "${json}" "the evaluation file's fingerprint" eval fingerprint)
  _gamelab_release_get(inputs "${file}" "${json}" "the evaluation file's input set" eval inputs)
  _gamelab_release_get(mode "${file}" "${json}" "add or replace" eval mode)
  string(LENGTH "${fingerprint}" digits)
  if(NOT fingerprint MATCHES "^[0-9a-f]+$" OR NOT digits EQUAL 16)
    message(FATAL_ERROR "${file}: eval.fingerprint is '${fingerprint}', expected 16 hex digits")
  endif()
  if(NOT mode STREQUAL "add" AND NOT mode STREQUAL "replace")
    message(FATAL_ERROR "${file}: eval.mode is '${mode}', expected add or replace")
  endif()
  if(NOT EXISTS "${eval}")
    message(FATAL_ERROR "${file}: eval: the release has a learned evaluation (fingerprint ${fingerprint}), but ${eval} "
                        "does not exist (release again with `gamelab release ${game} ... --eval FILE`)")
  endif()
  gamelab_eval_header("${eval}" header)
  if(NOT header_game STREQUAL game)
    message(FATAL_ERROR "${eval}: game is '${header_game}', expected '${game}'")
  endif()
  if(NOT header_inputs STREQUAL inputs)
    message(FATAL_ERROR "${eval}: the input set is '${header_inputs}', but release.json records eval.inputs '${inputs}'")
  endif()
  if(NOT header_fingerprint STREQUAL fingerprint)
    message(FATAL_ERROR "${eval}: fingerprint is '${header_fingerprint}', but release.json records eval.fingerprint "
                        "'${fingerprint}': the two files are not of one release (release again)")
  endif()
  # One object per game, whatever number of targets carry it.
  set(library "gamelab_${game}_release_eval")
  if(NOT TARGET ${library})
    set(source "${CMAKE_BINARY_DIR}/generated/${game}/release_eval.cpp")
    gamelab_write_embedded_eval(FILE "${eval}" OUTPUT "${source}" NAMESPACE "gamelab::${game}::release"
                                FUNCTION embedded_eval_bytes)
    add_library(${library} OBJECT "${source}")
    set_target_properties(${library} PROPERTIES UNITY_BUILD OFF)
  endif()
  target_sources(${target} PRIVATE $<TARGET_OBJECTS:${library}>)
  set(RELEASE_HAS_EVAL true PARENT_SCOPE)
  set(RELEASE_EVAL_FINGERPRINT "${fingerprint}" PARENT_SCOPE)
  if(mode STREQUAL "replace")
    set(RELEASE_EVAL_ADD false PARENT_SCOPE)
  endif()
  set(RELEASE_EVAL_DECLARATION "std::string_view embedded_eval_bytes();  // release_eval.cpp (cmake/embed_eval.cmake)"
      PARENT_SCOPE)
  set(RELEASE_EVAL_BYTES "embedded_eval_bytes()" PARENT_SCOPE)
endfunction()

function(gamelab_release_config target)
  cmake_parse_arguments(ARG "" "GAME" "" ${ARGN})
  if(NOT ARG_GAME)
    message(FATAL_ERROR "gamelab_release_config(${target}): GAME <game> is required")
  endif()
  set(game "${ARG_GAME}")
  set(file "${PROJECT_SOURCE_DIR}/engines/${game}/release.json")
  set(RELEASE_GAME "${game}")
  set(RELEASE_TABLE "")
  set(RELEASE_COUNT 0)
  if(EXISTS "${file}")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${file}")
    file(READ "${file}" json)
    _gamelab_release_get(file_game "${file}" "${json}" "the game's name" game)
    if(NOT file_game STREQUAL game)
      message(FATAL_ERROR "${file}: game is '${file_game}', expected '${game}'")
    endif()
    _gamelab_release_get(set_game "${file}" "${json}" "the parameter set's game" params game)
    if(NOT set_game STREQUAL game)
      message(FATAL_ERROR "${file}: params.game is '${set_game}', expected '${game}'")
    endif()
    string(JSON count ERROR_VARIABLE error LENGTH "${json}" params params)
    if(error)
      message(FATAL_ERROR "${file}: params.params: ${error} (expected the array ParamSet::to_json writes)")
    endif()
    if(count GREATER 0)
      math(EXPR last "${count} - 1")
      foreach(i RANGE 0 ${last})
        _gamelab_release_get(name "${file}" "${json}" "a name" params params ${i} name)
        _gamelab_release_get(value "${file}" "${json}" "an integer value" params params ${i} value)
        if(NOT name MATCHES "^[A-Za-z0-9_.:-]+$")
          message(FATAL_ERROR "${file}: params.params.${i}.name '${name}' is not a parameter name")
        endif()
        if(NOT value MATCHES "^-?[0-9]+$")
          message(FATAL_ERROR "${file}: params.params.${i}.value (${name}) is '${value}', expected an integer")
        endif()
        string(APPEND RELEASE_TABLE "    {\"${name}\", ${value}},\n")
      endforeach()
    endif()
    set(RELEASE_COUNT ${count})
    _gamelab_release_get(date "${file}" "${json}" "the release date" date)
    _gamelab_release_get(fingerprint "${file}" "${json}" "the parameters' fingerprint" source_params_fingerprint)
    _gamelab_cxx_string(RELEASE_DATE "${date}")
    _gamelab_cxx_string(RELEASE_FINGERPRINT "${fingerprint}")
    set(RELEASE_FROZEN true)
    set(RELEASE_SOURCE "engines/${game}/release.json")
    _gamelab_release_eval(${target} ${game} "${file}" "${json}")
  else()
    # Watch the folder, so that the release.json the gate writes there re-runs CMake.
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/engines/${game}")
    set(RELEASE_DATE "")
    set(RELEASE_FINGERPRINT "")
    set(RELEASE_FROZEN false)
    set(RELEASE_SOURCE "the game's default parameters (engines/${game}/release.json does not exist)")
    _gamelab_release_eval(${target} ${game} "${file}" "")
  endif()
  configure_file("${GAMELAB_RELEASE_TEMPLATE}" "${CMAKE_BINARY_DIR}/generated/${game}/release_params.hpp" @ONLY)
  target_include_directories(${target} PRIVATE "${CMAKE_BINARY_DIR}/generated")
  if(NOT TARGET release_bots)
    add_custom_target(release_bots)
  endif()
  add_dependencies(release_bots ${target})
endfunction()

# A game's release bot: `SOURCES` (its own, and its game's engine sources, which it compiles itself into
# one unit) in one program linking the core and the search (and `LIBRARIES`), the frozen release
# compiled in (gamelab_release_config), the C++ runtime linked statically so that it runs where it is
# handed in, and its game on the list of those whose engines play learned evaluation files (the
# embedded-evaluation tests make one for it, tests/CMakeLists.txt).
function(gamelab_release_bot target)
  cmake_parse_arguments(ARG "" "GAME" "SOURCES;LIBRARIES" ${ARGN})
  add_executable(${target} ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE gamelab_core gamelab_search ${ARG_LIBRARIES})
  target_link_options(${target} PRIVATE -static-libstdc++ -static-libgcc)
  gamelab_release_config(${target} GAME ${ARG_GAME})
  set_property(GLOBAL APPEND PROPERTY GAMELAB_LEARNED_GAMES ${ARG_GAME})
endfunction()
