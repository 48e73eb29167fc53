// Text from the input (variant names, group values) as LaTeX prints it, never as LaTeX commands.
#pragma once

#include <string>

namespace mpnsim {

// `text` with LaTeX's special characters escaped so that it prints as written and cannot run a
// command: \ { } $ & # ^ _ % ~ become \textbackslash{}, \{, \}, \$, \&, \#, \textasciicircum{}, \_,
// \%, \textasciitilde{}; control characters (a line break, which could end a table row or a
// paragraph) become the text \xHH, as results.csv shows them. Other bytes (UTF-8) pass unchanged.
std::string latex_text(const std::string& text);

}  // namespace mpnsim
