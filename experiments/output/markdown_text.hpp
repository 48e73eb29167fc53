// Text from the input (variant names, group values) as a Markdown table cell or heading shows it.
#pragma once

#include <string>

namespace mpnsim {

// `text` with `|` (which would end a table cell), backquotes (which would open code) and
// backslashes escaped by a backslash, and control characters (a line break ends a table row)
// shown as \xHH text, as results.csv shows them.
std::string markdown_text(const std::string& text);

}  // namespace mpnsim
