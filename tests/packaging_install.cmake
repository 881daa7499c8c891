# SPDX-License-Identifier: GPL-3.0-or-later
# The install rules put the desktop integration where a .deb (CPack) installs it: the program,
# the desktop entry naming the project MIME type, and that type's shared-mime-info file with the
# *.llmwb glob; and the Python package, which imports from there and reads the presets installed
# beside it (cmake -P tests/packaging_install.cmake BUILD_DIR SCRATCH_DIR [PYTHON]).
cmake_minimum_required(VERSION 3.20)
set(build "${CMAKE_ARGV3}")
set(prefix "${CMAKE_ARGV4}")
set(python "${CMAKE_ARGV5}") # the python3 the module is built for; empty: no Python module
file(REMOVE_RECURSE "${prefix}")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${build}" --prefix "${prefix}" --component Unspecified
                RESULT_VARIABLE failed OUTPUT_QUIET)
if(failed)
  message(FATAL_ERROR "cmake --install failed")
endif()
foreach(f bin/llmwb share/applications/llmwb.desktop share/mime/packages/llmwb.xml share/icons/hicolor/scalable/apps/llmwb.svg)
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
file(READ "${prefix}/share/applications/llmwb.desktop" desktop)
file(READ "${prefix}/share/mime/packages/llmwb.xml" mime)
if(NOT desktop MATCHES "MimeType=application/x-llmwb-project;" OR NOT desktop MATCHES "Exec=llmwb %f")
  message(FATAL_ERROR "llmwb.desktop does not open application/x-llmwb-project files")
endif()
if(NOT mime MATCHES "type=\"application/x-llmwb-project\"" OR NOT mime MATCHES "<glob pattern=\"\\*\\.llmwb\"/>")
  message(FATAL_ERROR "llmwb.xml does not define application/x-llmwb-project for *.llmwb")
endif()
# import llmwb from the installed package, finding the installed presets (not the source tree's).
if(python)
  set(package "${prefix}/lib/python3/dist-packages")
  execute_process(COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${package} LLMWB_PRESETS= HOME=${prefix}
                          ${python} -c "import llmwb, sys; roots = llmwb.preset_roots(); print(llmwb.presets('system')); sys.exit(0 if llmwb.preset_table('system')[0]['path'].startswith(sys.argv[1]) else 3)" "${prefix}/share/llmwb/presets"
                  WORKING_DIRECTORY "${prefix}" RESULT_VARIABLE failed OUTPUT_VARIABLE listed ERROR_VARIABLE error)
  if(failed OR NOT listed MATCHES "memexplorer/base")
    message(FATAL_ERROR "import llmwb from ${package} failed (${failed}): ${error}${listed}")
  endif()
endif()
file(REMOVE_RECURSE "${prefix}")
