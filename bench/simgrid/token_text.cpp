// Reading and writing the SimGrid comparison's text files.
#include "bench/simgrid/token_text.hpp"

#include <cstdio>
#include <fstream>
#include <memory>

namespace mpnsim::bench {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::string text(static_cast<std::size_t>(in.tellg()), '\0');
  in.seekg(0);
  if (!in.read(text.data(), static_cast<std::streamsize>(text.size())))
    throw std::runtime_error("cannot read " + path);
  return text;
}

void dump(const std::string& text, const std::string& path) {
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "wb"), std::fclose);
  if (!f || std::fwrite(text.data(), 1, text.size(), f.get()) != text.size())
    throw std::runtime_error("cannot write " + path);
}

namespace {
bool blank(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }
}  // namespace

bool TokenReader::at_end() {
  skip();
  return pos_ >= text_.size();
}

std::string_view TokenReader::word() {
  skip();
  const std::size_t start = pos_;
  while (pos_ < text_.size() && !blank(text_[pos_])) ++pos_;
  if (start == pos_) fail("unexpected end of file");
  return std::string_view(text_).substr(start, pos_ - start);
}

void TokenReader::expect(std::string_view key) {
  if (word() != key) fail("expected '" + std::string(key) + "'");
}

void TokenReader::fail(const std::string& what) const {
  std::size_t line = 1;
  for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i) line += text_[i] == '\n';
  throw std::runtime_error(path_ + ":" + std::to_string(line) + ": " + what);
}

void TokenReader::skip() {
  while (pos_ < text_.size()) {
    if (text_[pos_] == '#') {
      while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
    } else if (blank(text_[pos_])) {
      ++pos_;
    } else {
      break;
    }
  }
}

}  // namespace mpnsim::bench
