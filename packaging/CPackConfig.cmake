# SPDX-License-Identifier: GPL-3.0-or-later
# `cpack -G DEB` in the build folder makes llmwb_<version>_<arch>.deb with the programs (llmwb,
# llmwb-cli, llmwb-export), the Python package (import llmwb, in /usr/lib/python3/dist-packages), the presets, the desktop entry and the project file type (a double-click
# on a .llmwb opens it; shared-mime-info's trigger updates the MIME database on install).
set(CPACK_PACKAGE_NAME "llmwb")
set(CPACK_PACKAGE_VENDOR "LLM Accelerator Workbench")
set(CPACK_PACKAGE_CONTACT "llmwb developers <llmwb@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Compose LLM-inference accelerators and evaluate prefill and decode")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR "DEB")
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
if(LLMWB_PYTHON_DEB_DEPENDS)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "${LLMWB_PYTHON_DEB_DEPENDS}") # merged with the shared libraries' (shlibdeps)
  set(CPACK_PACKAGING_INSTALL_PREFIX "/usr") # the Python package goes where Debian's python3 looks
endif()
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "shared-mime-info, desktop-file-utils, python3-pandas, python3-matplotlib")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://example.org/llmwb")
include(CPack)
