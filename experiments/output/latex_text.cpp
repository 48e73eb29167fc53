// Escaping of LaTeX's ten special characters and of control characters, for names from untrusted files.
#include "experiments/output/latex_text.hpp"

#include <fmt/format.h>

namespace mpnsim {

std::string latex_text(const std::string& text) {
  std::string out;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '\\': out += "\\textbackslash{}"; break;
      case '^': out += "\\textasciicircum{}"; break;
      case '~': out += "\\textasciitilde{}"; break;
      case '{': case '}': case '$': case '&': case '#': case '_': case '%':
        out += '\\';
        out += ch;
        break;
      default:
        if (c < 0x20 || c == 0x7f) out += fmt::format("\\textbackslash{{}}x{:02x}", c);
        else out += ch;
    }
  }
  return out;
}

}  // namespace mpnsim
