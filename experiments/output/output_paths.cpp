// check_output_paths: every file named on the command line, judged before the work.
#include "experiments/output/output_paths.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "sim/parameters.hpp"

namespace mpnsim {

namespace fs = std::filesystem;

void check_output_paths(const OutputPaths& paths) {
  // The file each earlier flag names: by device and inode where it exists, else by its folder's
  // device and inode and its name (so that a/x.csv and ./a/../a/x.csv are one file).
  std::map<std::pair<std::pair<dev_t, ino_t>, std::string>, std::string> named;
  for (const auto& [flag, text] : paths) {
    if (text.empty()) continue;
    const fs::path path(text);
    if (path.filename().empty() || path.filename() == "." || path.filename() == "..")
      throw ParamError(flag, fmt::format("{}: expected the path of a file, got a folder's", text));
    const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
    struct stat dir {};
    if (::stat(folder.c_str(), &dir) != 0)
      throw ParamError(flag, fmt::format("{}: the folder {} {}; mpnsim makes no folder for a file named on the "
                                         "command line: create it first",
                                         text, folder.string(),
                                         errno == ENOENT ? "does not exist" : std::string("cannot be read: ") +
                                                                                   std::strerror(errno)));
    if (!S_ISDIR(dir.st_mode)) throw ParamError(flag, fmt::format("{}: {} is not a folder", text, folder.string()));
    std::pair<std::pair<dev_t, ino_t>, std::string> key{{dir.st_dev, dir.st_ino}, path.filename().string()};
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0) {
      if (S_ISLNK(st.st_mode)) {
        struct stat target {};
        if (::stat(path.c_str(), &target) != 0 ||
            !(S_ISFIFO(target.st_mode) || S_ISCHR(target.st_mode) || S_ISSOCK(target.st_mode)))
          throw ParamError(flag, fmt::format("{}: a symbolic link; mpnsim writes through a link only to a pipe or "
                                             "device, as a link may lead to any file: give the file itself",
                                             text));
        continue;  // a pipe or device: written in place, any number of times
      }
      if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode) || S_ISSOCK(st.st_mode)) continue;
      if (S_ISDIR(st.st_mode)) throw ParamError(flag, fmt::format("{}: a directory, not a file", text));
      if (!S_ISREG(st.st_mode)) throw ParamError(flag, fmt::format("{}: a block device, not a file", text));
    }
    const auto [it, added] = named.emplace(key, flag);
    if (!added)
      throw ParamError(flag, fmt::format("{}: the file --{} writes too; give each output a file of its own", text,
                                         it->second));
  }
}

}  // namespace mpnsim
