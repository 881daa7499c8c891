# SPDX-License-Identifier: GPL-3.0-or-later
# The install rules put the desktop integration where a .deb (CPack) installs it: the program,
# the desktop entry naming the project MIME type, and that type's shared-mime-info file with the
# *.llmwb glob (cmake -P tests/packaging_install.cmake BUILD_DIR SCRATCH_DIR).
cmake_minimum_required(VERSION 3.20)
set(build "${CMAKE_ARGV3}")
set(prefix "${CMAKE_ARGV4}")
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
file(REMOVE_RECURSE "${prefix}")
