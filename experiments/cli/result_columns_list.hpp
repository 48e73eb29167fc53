// `mpnsim list`'s section on result columns: every kind's rows modes and the columns of each.
#pragma once

#include <ostream>

namespace mpnsim {

void list_result_columns(std::ostream& out);

}  // namespace mpnsim
