// Exact affine forms p x + q over big integers, for the layered hypercube closed forms (seed 001).
#pragma once

#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

namespace mpnsim::detail {

// Why exact: LLF's and NLF's equal-finish equations are solved by expressing every layer's
// load as an affine function of one unknown and fixing it with sum = V. The coefficients grow
// like 2^(d^2/2), and near the feasibility limit the loads are small differences of huge
// terms, so doubles lose every digit by d = 12 (issue #12). Doubles are dyadic rationals; with
// A, C and S scaled by one power of two to integers, the recurrences only add and multiply,
// so big integers carry them exactly and one division per load rounds once at the end.
using BigInt = boost::multiprecision::cpp_int;

struct ExactAffine {  // p * x + q
  BigInt p, q;
};

inline ExactAffine operator+(const ExactAffine& a, const ExactAffine& b) { return {a.p + b.p, a.q + b.q}; }
inline ExactAffine operator-(const ExactAffine& a, const ExactAffine& b) { return {a.p - b.p, a.q - b.q}; }
inline ExactAffine operator*(const BigInt& f, const ExactAffine& a) { return {f * a.p, f * a.q}; }

// The time constants of a closed form as integers: A, C, S times one common power of two
// (the equal-finish equations are homogeneous in them, so the loads do not change).
// Requires finite values, A > 0, C >= 0, S >= 0.
struct ScaledTimes {
  BigInt A, C, S;
};
ScaledTimes scale_to_integers(double A, double C, double S);

// The loads of a layered closed form, rounded once each. The caller has built, for layer k,
// num[k] = A^pow[k] * alpha_k as an affine form in the unknown x, and `total` with
// A^total_pow * V = total(x) (V's own equation). Solves for x exactly and returns
// alpha_k = num[k](x) / A^pow[k] as doubles.
std::vector<double> exact_layer_loads(const std::vector<ExactAffine>& num, const std::vector<int>& pow,
                                      const ExactAffine& total, int total_pow, const BigInt& A, double V);

// num / den correctly rounded to the nearest double (den != 0).
double ratio_to_double(const BigInt& num, const BigInt& den);

}  // namespace mpnsim::detail
