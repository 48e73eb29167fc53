// Whitespace-separated text files of the SimGrid comparison: a fast writer and a reader whose errors name the line.
#pragma once

#include <bit>
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
    // Most numbers lie whole in the text read so far: parse them where they are, in one pass,
    // when they end at a blank. Anything else (a number cut by the chunk's end, a bad token)
    // takes the token path below, which reads on and names the token in its error.
    // Most numbers follow one blank: stepped over here, without a call.
    if (pos_ + 1 < text_.size() && blank(text_[pos_]) && !blank(text_[pos_ + 1]) && text_[pos_ + 1] != '#')
      ++pos_;
    else
      skip();
    const char* const begin = text_.data() + pos_;
    const char* const end = text_.data() + text_.size();
    if constexpr (std::is_integral_v<T>) {
      // The files' integers are short and unsigned: up to nine digits cannot overflow any T
      // read here, and need none of from_chars's generality (a fifth of the reading time).
      static_assert(sizeof(T) >= 4);
      // One to seven digits and a blank, as one 8-byte word: no branch per digit (whose
      // mispredicted end cost more than the digits).
      if (end - begin >= 8) {
        std::uint64_t word;
        std::memcpy(&word, begin, sizeof word);
        if (const int length = digit_run(word); length > 0 && length < 8 && blank(begin[length])) {
          pos_ += static_cast<std::size_t>(length);
          return static_cast<T>(leading_digits(word, length));
        }
      }
      std::uint32_t digits = 0;
      const char* q = begin;
      while (q < end && q - begin < 9 && static_cast<unsigned char>(*q - '0') < 10) digits = digits * 10 + static_cast<std::uint32_t>(*q++ - '0');
      if (q != begin && q != end && blank(*q)) {
        pos_ += static_cast<std::size_t>(q - begin);
        return static_cast<T>(digits);
      }
    }
    T value{};
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
  void expect(std::string_view key);
  [[noreturn]] void fail(const std::string& what) const;  // std::runtime_error "path:line: what"

 private:
  static bool blank(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }
  // How many of the word's 8 characters (first in the lowest byte) are digits before the first
  // that is not. A byte is a digit when its high half is 3 and stays 3 with 6 added; a carry out
  // of a byte past the run only touches bytes after it.
  static int digit_run(std::uint64_t word) {
    constexpr std::uint64_t kHigh = 0xF0F0F0F0F0F0F0F0, kThrees = 0x3030303030303030;
    const std::uint64_t other = ((word & kHigh) ^ kThrees) | (((word + 0x0606060606060606) & kHigh) ^ kThrees);
    return other == 0 ? 8 : std::countr_zero(other) / 8;
  }
  // The value of the word's first `length` characters (1 to 7 digits): shifted to the top, they
  // read as eight digits with leading zeros, which are combined in pairs, then fours, then all.
  static std::uint32_t leading_digits(std::uint64_t word, int length) {
    std::uint64_t v = (word - 0x3030303030303030) << (8 * (8 - length));
    v = v * 10 + (v >> 8);  // each even byte: its two digits' value
    v = (((v & 0x000000FF000000FF) * (100 + (1000000ULL << 32))) +
         (((v >> 16) & 0x000000FF000000FF) * (1 + (10000ULL << 32)))) >> 32;
    return static_cast<std::uint32_t>(v);
  }
  void skip();
  // Drops the text before `keep` and appends the next chunk; false at the end of the file.
  bool more(std::size_t keep);
  static constexpr std::size_t kChunk = std::size_t{1} << 20;  // bytes read at a time
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_;
  std::string text_;   // the unread part of the file, from its last chunk on
  std::string path_;
  std::size_t pos_ = 0;
  std::size_t lines_dropped_ = 0;  // newlines in the text dropped before text_
};

}  // namespace mpnsim::bench
