// Whitespace-separated text files of the SimGrid comparison: a fast writer and a reader whose errors name the line.
#pragma once

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>

#include "bench/simgrid/decimal_number.hpp"

// Plain C++ on purpose: the SimGrid players include this without linking mpnsim.
namespace mpnsim::bench {

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

// Tokens separated by blanks and newlines, `#` comments to the end of the line, read from a
// file a chunk at a time: a reader of a 190 MB schedule then holds 1 MiB of its text, not all of
// it (the whole text was most of a player's peak on 10^6 tasks).
class TokenReader {
 public:
  explicit TokenReader(const std::string& path);  // throws std::runtime_error when it cannot open it

  bool at_end();
  // The next token; valid until the next call.
  std::string_view word();
  template <class T>
  T number() {
    // The usual case, small enough to be inlined into the caller: one blank, then a number of
    // the files' own forms that ends at a blank, with kNear characters read past the blank so
    // that the number's words can be read without a check of the text's end.
    const char* const at = text_.data() + pos_;
    if (text_.size() - pos_ >= kNear && blank(at[0]) && !blank(at[1]) && at[1] != '#') {
      if constexpr (std::is_integral_v<T>) {
        // One to seven digits and a blank, as one 8-byte word: no branch per digit (whose
        // mispredicted end cost more than the digits). They cannot overflow any T read here.
        static_assert(sizeof(T) >= 4);
        std::uint64_t word;
        std::memcpy(&word, at + 1, sizeof word);
        if (const int length = decimal::digit_run(word); length > 0 && length < 8 && blank(at[1 + length])) {
          pos_ += static_cast<std::size_t>(1 + length);
          return static_cast<T>(decimal::leading_digits(word, length));
        }
      } else if constexpr (std::is_same_v<T, double>) {
        // The files' decimals, exact to the bit without from_chars's generality (decimal_number.hpp).
        double value;
        if (const char* p = decimal::read_double(at + 1, text_.data() + text_.size(), value); p && blank(*p)) {
          pos_ = static_cast<std::size_t>(p - text_.data());
          return value;
        }
      }
    }
    return number_anywhere<T>();
  }
  void expect(std::string_view key);
  [[noreturn]] void fail(const std::string& what) const;  // std::runtime_error "path:line: what"
  // Where the reader stands, as an offset in the file; fail_at names the line of such an offset.
  std::size_t offset() const { return dropped_ + std::min(pos_, text_.size()); }
  [[noreturn]] void fail_at(std::size_t offset, const std::string& what) const;

 private:
  // A table, one load: the four comparisons were a tenth of a DAG player's reading.
  static bool blank(char c) { return kBlank[static_cast<unsigned char>(c)]; }
  static constexpr auto kBlank = [] {
    std::array<bool, 256> blank{};
    for (const char c : {' ', '\n', '\t', '\r'}) blank[static_cast<unsigned char>(c)] = true;
    return blank;
  }();
  // number()'s reach past the blank in its usual case: the decimal reader's 32, and more.
  static constexpr std::size_t kNear = 40;
  // number() anywhere else: after comments or several blanks, a number cut by the chunk's end,
  // forms the usual case leaves, and errors, which name the token.
  template <class T>
  [[gnu::noinline]] T number_anywhere() {
    skip();
    const char* const begin = text_.data() + pos_;
    const char* const end = text_.data() + text_.size();
    T value{};
    if constexpr (std::is_integral_v<T>) {
      // The files' integers are short and unsigned: up to nine digits cannot overflow any T
      // read here, and need none of from_chars's generality.
      std::uint32_t digits = 0;
      const char* q = begin;
      while (q < end && q - begin < 9 && static_cast<unsigned char>(*q - '0') < 10) digits = digits * 10 + static_cast<std::uint32_t>(*q++ - '0');
      if (q != begin && q != end && blank(*q)) {
        pos_ += static_cast<std::size_t>(q - begin);
        return static_cast<T>(digits);
      }
    } else if constexpr (std::is_same_v<T, double>) {
      if (const char* p = decimal::read_double(begin, end, value); p && p != end && blank(*p)) {
        pos_ += static_cast<std::size_t>(p - begin);
        return value;
      }
    }
    const auto fast = std::from_chars(begin, end, value);
    if (fast.ec == std::errc() && fast.ptr != end && blank(*fast.ptr)) {
      pos_ += static_cast<std::size_t>(fast.ptr - begin);
      return value;
    }
    const std::string_view w = word();
    const auto r = std::from_chars(w.data(), w.data() + w.size(), value);
    if (r.ec != std::errc() || r.ptr != w.data() + w.size()) fail("not a number: '" + std::string(w) + "'");
    return value;
  }
  void skip();
  // Drops the text before `keep` and appends the next chunk; false at the end of the file.
  bool more(std::size_t keep);
  static constexpr std::size_t kChunk = std::size_t{1} << 20;  // bytes read at a time
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_;
  std::string text_;   // the unread part of the file, from its last chunk on
  std::string path_;
  std::size_t pos_ = 0;
  std::size_t dropped_ = 0;  // the file's bytes before text_
};

}  // namespace mpnsim::bench
