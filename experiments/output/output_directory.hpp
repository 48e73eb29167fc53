// All-or-nothing output: files are staged in a hidden directory, then renamed into place.
#pragma once

#include <filesystem>
#include <string>

namespace mpnsim {

// Collects a run's files under DIR/.mpnsim-partial-<pid>/ and moves each into
// DIR only on commit(). If the run stops first (error, Ctrl-C), the staging
// directory is removed and DIR keeps what it had.
class OutputDirectory {
 public:
  explicit OutputDirectory(std::filesystem::path dir);
  ~OutputDirectory();
  OutputDirectory(const OutputDirectory&) = delete;
  OutputDirectory& operator=(const OutputDirectory&) = delete;

  const std::filesystem::path& final_dir() const { return dir_; }
  const std::filesystem::path& staging_dir() const { return staging_; }

  // Writes `content` to the staged file `relative` (subdirectories created).
  void write(const std::string& relative, const std::string& content);
  // Renames every staged file into the final directory, replacing old ones.
  void commit();
  // Removes the staging directory without touching the final one.
  void abandon();

 private:
  std::filesystem::path dir_;
  std::filesystem::path staging_;
  bool open_ = true;
};

// Writes a single file atomically: to a temporary name beside it, then renamed.
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

}  // namespace mpnsim
