# SPDX-License-Identifier: GPL-3.0-or-later
# LLMWB_SANITIZE and LLMWB_FUZZ (top-level CMakeLists.txt). Flags go on every target, core
# included: a sanitizer or libFuzzer's coverage sees only code compiled with it.
if(LLMWB_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "LLMWB_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++")
  endif()
  # No Qt and no benchmarks. scripts/fuzz.sh turns the tests off too; with them on, the core's
  # tests run against this same instrumented core (ASan + UBSan without a second build).
  set(LLMWB_BUILD_GUI OFF CACHE BOOL "" FORCE)
  set(LLMWB_BUILD_BENCH OFF CACHE BOOL "" FORCE)
  if(NOT LLMWB_SANITIZE)
    set(LLMWB_SANITIZE "address,undefined" CACHE STRING "" FORCE)
  endif()
  # Coverage for the fuzzer everywhere; the fuzzer's main() only in fuzz/'s executables.
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

if(LLMWB_SANITIZE)
  add_compile_options(-fsanitize=${LLMWB_SANITIZE} -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${LLMWB_SANITIZE})
  if(LLMWB_SANITIZE MATCHES "undefined")
    # A UBSan report fails the test or the fuzz run instead of scrolling past.
    add_compile_options(-fno-sanitize-recover=undefined)
  endif()
endif()
