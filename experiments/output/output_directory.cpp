// Staged output directory and atomic file writes.
#include "experiments/output/output_directory.hpp"

#include <fstream>
#include <stdexcept>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace mpnsim {

namespace fs = std::filesystem;

namespace {

void write_plain(const fs::path& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error("cannot write " + path.string());
  out.write(content.data(), static_cast<std::streamsize>(content.size()));
  out.close();
  if (!out) throw std::runtime_error("error while writing " + path.string());
}

}  // namespace

void write_file_atomically(const fs::path& path, const std::string& content) {
  if (path.has_parent_path()) fs::create_directories(path.parent_path());
  const fs::path tmp = path.string() + ".tmp." + std::to_string(getpid());
  try {
    write_plain(tmp, content);
    fs::rename(tmp, path);
  } catch (...) {
    std::error_code ec;
    fs::remove(tmp, ec);
    throw;
  }
}

OutputDirectory::OutputDirectory(fs::path dir) : dir_(std::move(dir)) {
  fs::create_directories(dir_);
  staging_ = dir_ / (".mpnsim-partial-" + std::to_string(getpid()));
  fs::remove_all(staging_);
  fs::create_directories(staging_);
}

OutputDirectory::~OutputDirectory() { abandon(); }

void OutputDirectory::write(const std::string& relative, const std::string& content) {
  const fs::path path = staging_ / relative;
  fs::create_directories(path.parent_path());
  write_plain(path, content);
}

void OutputDirectory::commit() {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(staging_))
    if (e.is_regular_file()) files.push_back(e.path());
  for (const auto& f : files) {
    const fs::path target = dir_ / fs::relative(f, staging_);
    fs::create_directories(target.parent_path());
    fs::rename(f, target);  // atomic per file on one file system
  }
  abandon();
}

void OutputDirectory::abandon() {
  if (!open_) return;
  open_ = false;
  std::error_code ec;
  fs::remove_all(staging_, ec);
}

}  // namespace mpnsim
