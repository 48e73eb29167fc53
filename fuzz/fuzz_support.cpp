// The accepted-input counter shared by a fuzz target and its driver (one process, one counter).
#include "fuzz/fuzz_support.hpp"

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>

#include <spdlog/spdlog.h>

namespace mpnsim::fuzz {

namespace {
std::atomic<std::uint64_t> accepted{0};
}  // namespace

void note_accepted() { accepted.fetch_add(1, std::memory_order_relaxed); }
std::uint64_t accepted_count() { return accepted.load(std::memory_order_relaxed); }

std::string write_input_file(const std::string& name, const std::uint8_t* data, std::size_t size) {
  static const std::filesystem::path dir = [] {
    const auto d = std::filesystem::temp_directory_path() / ("mpnsim-fuzz-" + std::to_string(getpid()));
    std::filesystem::create_directories(d);
    spdlog::set_level(spdlog::level::off);  // refusals are the expected outcome, not news
    return d;
  }();
  const std::string path = (dir / name).string();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return path;
}

}  // namespace mpnsim::fuzz
