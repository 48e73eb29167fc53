// Whitespace-separated text files of the SimGrid comparison: a fast writer and a reader whose errors name the line.
#pragma once

#include <charconv>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

// Plain C++ on purpose: the SimGrid players include this without linking mpnsim.
namespace mpnsim::bench {

// The whole file in one read (a character iterator costs ~2 ns a byte on 50 MB plans).
std::string slurp(const std::string& path);
// Writes `text` as the file's whole content; throws std::runtime_error on failure.
void dump(const std::string& text, const std::string& path);

// Appends values; numbers by to_chars, so doubles round-trip exactly in their shortest form.
class TextWriter {
 public:
  template <class T>
  TextWriter& operator<<(T value) {
    char buf[40];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    out_.append(buf, r.ptr);
    return *this;
  }
  TextWriter& operator<<(std::string_view s) {
    out_.append(s);
    return *this;
  }
  TextWriter& operator<<(const std::string& s) { return *this << std::string_view(s); }
  TextWriter& operator<<(const char* s) { return *this << std::string_view(s); }
  TextWriter& operator<<(char c) {
    out_.push_back(c);
    return *this;
  }
  std::string& text() { return out_; }

 private:
  std::string out_;
};

// Tokens separated by blanks and newlines, `#` comments to the end of the line.
class TokenReader {
 public:
  TokenReader(std::string text, std::string path) : text_(std::move(text)), path_(std::move(path)) {}

  bool at_end();
  std::string_view word();
  template <class T>
  T number() {
    const std::string_view w = word();
    T value{};
    const auto r = std::from_chars(w.data(), w.data() + w.size(), value);
    if (r.ec != std::errc() || r.ptr != w.data() + w.size()) fail("not a number: '" + std::string(w) + "'");
    return value;
  }
  void expect(std::string_view key);
  [[noreturn]] void fail(const std::string& what) const;  // std::runtime_error "path:line: what"

 private:
  void skip();
  std::string text_;
  std::string path_;
  std::size_t pos_ = 0;
};

}  // namespace mpnsim::bench
