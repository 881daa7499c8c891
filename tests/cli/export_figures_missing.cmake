# SPDX-License-Identifier: GPL-3.0-or-later
# A lone llmwb-cli (no llmwb-export beside it, in a build tree or on PATH) says what to build.
# cmake -DCLI=... -DWORK=... -P export_figures_missing.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/bin)
file(COPY ${CLI} DESTINATION ${WORK}/bin)
get_filename_component(name ${CLI} NAME)
execute_process(COMMAND ${CMAKE_COMMAND} -E env PATH=${WORK}/bin ${WORK}/bin/${name} export-figures --project x --out y
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(status EQUAL 0)
  message(FATAL_ERROR "export-figures succeeded without llmwb-export")
endif()
message(STATUS "status ${status}: ${err}")
