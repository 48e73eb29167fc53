// Reading and writing the SimGrid comparison's text files.
#include "bench/simgrid/token_text.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>

namespace mpnsim::bench {

void dump(const std::string& text, const std::string& path) {
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "wb"), std::fclose);
  if (!f || std::fwrite(text.data(), 1, text.size(), f.get()) != text.size())
    throw std::runtime_error("cannot write " + path);
}

TokenReader::TokenReader(const std::string& path) : file_(std::fopen(path.c_str(), "rb"), std::fclose), path_(path) {
  if (!file_) throw std::runtime_error("cannot open " + path);
  // A chunk and the unread end of the one before, a part of a line: room made once. Growing from
  // one chunk to two held three at once, the largest block of a DAG player's reading.
  text_.reserve(kChunk + kChunk / 16);
}

bool TokenReader::more(std::size_t keep) {
  // The text before `keep` goes even at the end of the file: callers count on it.
  dropped_ += keep;
  text_.erase(0, keep);
  pos_ -= keep;
  if (!file_) return false;
  const std::size_t had = text_.size();
  text_.resize(had + kChunk);
  const std::size_t got = std::fread(text_.data() + had, 1, kChunk, file_.get());
  text_.resize(had + got);
  if (got == 0) {
    if (std::ferror(file_.get())) throw std::runtime_error("cannot read " + path_);
    file_.reset();
    return false;
  }
  return true;
}

bool TokenReader::at_end() {
  skip();
  return pos_ >= text_.size();
}

std::string_view TokenReader::word() {
  skip();
  std::size_t start = pos_;
  for (;;) {
    while (pos_ < text_.size() && !blank(text_[pos_])) ++pos_;
    if (pos_ < text_.size()) break;
    const bool read = more(start);
    start = 0;  // more() dropped what came before the token, whether or not it read more
    if (!read) break;
  }
  if (start == pos_) fail("unexpected end of file");
  return std::string_view(text_).substr(start, pos_ - start);
}

void TokenReader::expect(std::string_view key) {
  if (word() != key) fail("expected '" + std::string(key) + "'");
}

void TokenReader::fail(const std::string& what) const { fail_at(offset(), what); }

void TokenReader::fail_at(std::size_t offset, const std::string& what) const {
  // The line is counted only here, from the file's start: counting the newlines of every chunk
  // as it went was a pass over the whole text for the rare reader that fails.
  std::size_t line = 1;
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path_.c_str(), "rb"), std::fclose);
  std::string chunk(kChunk, '\0');
  for (std::size_t seen = 0; f && seen < offset;) {
    const std::size_t got = std::fread(chunk.data(), 1, std::min(kChunk, offset - seen), f.get());
    if (got == 0) break;
    line += static_cast<std::size_t>(std::count(chunk.data(), chunk.data() + got, '\n'));
    seen += got;
  }
  throw std::runtime_error(path_ + ":" + std::to_string(line) + ": " + what);
}

void TokenReader::skip() {
  // Most calls skip one blank between two numbers.
  while (pos_ < text_.size() && blank(text_[pos_])) ++pos_;
  if (pos_ < text_.size() && text_[pos_] != '#') return;
  bool comment = false;
  for (;;) {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (comment) {
        comment = c != '\n';
      } else if (c == '#') {
        comment = true;
      } else if (!blank(c)) {
        return;
      }
      ++pos_;
    }
    if (!more(pos_)) return;
  }
}

}  // namespace mpnsim::bench
