// The accepted-input counter shared by a fuzz target and its driver (one process, one counter).
#include "fuzz/fuzz_support.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <system_error>
#include <vector>

#include <spdlog/spdlog.h>

namespace mpnsim::fuzz {

namespace {
std::atomic<std::uint64_t> accepted{0};

// The scratch directories made so far, removed at exit (a run of the short fuzz tests made one
// per target process and left them all behind before).
std::mutex scratch_mutex;
std::vector<std::filesystem::path>& scratch_made() {
  static std::vector<std::filesystem::path> made;
  return made;
}

void remove_scratch() {
  const std::lock_guard<std::mutex> lock(scratch_mutex);
  for (const auto& d : scratch_made()) {
    std::error_code ignored;  // at exit: nothing left to report to
    std::filesystem::remove_all(d, ignored);
  }
  scratch_made().clear();
}
}  // namespace

std::filesystem::path scratch_directory(const std::string& prefix) {
  std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  if (mkdtemp(buffer.data()) == nullptr)
    throw std::system_error(errno, std::generic_category(), "cannot make a scratch directory " + pattern);
  std::filesystem::path made(buffer.data());
  const std::lock_guard<std::mutex> lock(scratch_mutex);
  if (scratch_made().empty()) std::atexit(remove_scratch);
  scratch_made().push_back(made);
  return made;
}

void note_accepted() { accepted.fetch_add(1, std::memory_order_relaxed); }
std::uint64_t accepted_count() { return accepted.load(std::memory_order_relaxed); }

std::string write_input_file(const std::string& name, const std::uint8_t* data, std::size_t size) {
  static const std::filesystem::path dir = [] {
    const auto d = scratch_directory("mpnsim-fuzz");
    spdlog::set_level(spdlog::level::off);  // refusals are the expected outcome, not news
    return d;
  }();
  const std::string path = (dir / name).string();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return path;
}

}  // namespace mpnsim::fuzz
