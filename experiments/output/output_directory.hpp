// All-or-nothing output: a run writes a whole new directory beside the old one and swaps it into place.
#pragma once

#include <filesystem>
#include <string>

namespace mpnsim {

// The output directory DIR of a run. Everything is written into a staging area beside it,
// <parent>/.<name>.mpnsim-staging/, whose `output/` becomes DIR on commit(): the previous DIR
// is replaced whole, so nothing of an earlier run remains, and a commit that fails leaves it
// as it was. The staging area is locked while a run uses it, is removed when the run ends,
// and is kept only on request (keep(): an interrupted run that `--resume` continues).
// The staging area is made with mkdir, which fails when the name exists: an existing one is
// reused only when it is mpnsim's (staging_problem), never through a symbolic link. The
// committed DIR holds .mpnsim-output, which lists every file the run wrote.
class OutputDirectory {
 public:
  enum class Start { fresh, resume };
  // Makes the staging area, or with Start::resume reopens the one an earlier run kept (see
  // resumed()). Throws std::runtime_error when another run holds its lock.
  OutputDirectory(std::filesystem::path dir, Start start);
  ~OutputDirectory();
  OutputDirectory(const OutputDirectory&) = delete;
  OutputDirectory& operator=(const OutputDirectory&) = delete;

  const std::filesystem::path& final_dir() const { return dir_; }
  // The directory that becomes DIR.
  const std::filesystem::path& staging_dir() const { return output_; }
  // The staging area, for the run's own files beside staging_dir() (its journal).
  const std::filesystem::path& work_dir() const { return area_; }
  // True when Start::resume found a staging area to continue.
  bool resumed() const { return resumed_; }

  // Writes `content` to the staged file `relative`, a relative path that stays inside
  // (subdirectories created). Throws std::runtime_error otherwise.
  void write(const std::string& relative, const std::string& content);
  // Swaps the staged directory into place of DIR, then removes the staging area (with the
  // previous DIR). Throws std::runtime_error saying why when it cannot; DIR is then as it
  // was and the staging area stays until the object is destroyed.
  void commit();
  // Leaves the staging area where it is when the object is destroyed.
  void keep() { keep_ = true; }

 private:
  void remove_area();
  void remove_area_parents();
  std::filesystem::path dir_;
  std::filesystem::path area_;
  std::filesystem::path output_;
  std::filesystem::path created_;  // the first directory above DIR this run made ("" if none)
  int lock_fd_ = -1;
  bool resumed_ = false;
  bool keep_ = false;
  bool done_ = false;
};

// The staging area of output directory `dir`.
std::filesystem::path staging_area(const std::filesystem::path& dir);

// Why a run may not replace `dir` with its output, or "" when it may: `dir` does not exist,
// or is an empty directory, or one mpnsim wrote that holds nothing but the files its
// .mpnsim-output lists (a file the user added is named in the reason); and it is not a
// symbolic link nor a mount point (which a rename cannot replace), and its staging area, if
// any, is mpnsim's. A run checks this before any work, and again when it commits.
std::string replace_problem(const std::filesystem::path& dir);

// Why the existing `area` is not a staging area mpnsim made, or "" when it is (or does not
// exist): a symbolic link, not a directory, another user's, or holding other entries than a
// staging area has.
std::string staging_problem(const std::filesystem::path& area);

// True when `dir` is the root of a mounted file system (a bind mount included), which rename
// cannot replace (EBUSY, EXDEV).
bool is_mount_point(const std::filesystem::path& dir);

// Writes a single file at a path the user named: write_output_file (output_file.hpp).
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

}  // namespace mpnsim
