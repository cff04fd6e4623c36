// fairdeck/json.hpp — the small, strict JSON reader behind deck-state restore.
//
// Why: a saved deck state may come from anywhere (a file, a network peer, a fuzzer), so the core
// parses it itself, strictly and with bounded depth, and never trusts it. Only what deck states
// use is accepted: objects, arrays, strings, non-negative integers below 2^53, true/false/null.
// The trustless transcript reader (trustless/transcript.hpp) uses the same parser with its own
// depth and its own name in the errors; every other caller keeps the deck-state limit.
#pragma once
#include <cstdint>
#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fairdeck/errors.hpp"
#include "fairdeck/text.hpp"

namespace fairdeck::json {

/// An object's members in document order: the few fields of a deck state, found by a linear
/// search. (A std::map here cost the WASM module 0.7 KB gzip for nothing.)
template <class V>
struct Members {
  using Item = std::pair<std::string, V>;
  std::vector<Item> items;

  auto begin() const { return items.begin(); }
  auto end() const { return items.end(); }
  auto begin() { return items.begin(); }
  auto end() { return items.end(); }
  auto find(std::string_view key) const {
    return std::find_if(items.begin(), items.end(), [key](const Item& i) { return i.first == key; });
  }
  auto find(std::string_view key) {
    return std::find_if(items.begin(), items.end(), [key](const Item& i) { return i.first == key; });
  }
  std::size_t count(std::string_view key) const { return find(key) != end() ? 1 : 0; }
  void emplace(std::string key, V value) { items.emplace_back(std::move(key), std::move(value)); }
  /// The member `key`, added (null) if missing.
  V& operator[](std::string_view key) {
    auto it = find(key);
    return it != end() ? it->second : items.emplace_back(std::string(key), V{}).second;
  }
  /// The member `key`; throws TypeError if it is missing.
  const V& at(std::string_view key) const {
    auto it = find(key);
    if (it == end()) throw TypeError(cat("missing field '", key, "'"));
    return it->second;
  }
  std::size_t size() const { return items.size(); }
  void erase(std::string_view key) {
    auto it = find(key);
    if (it != end()) items.erase(it);
  }
};

/// A parsed JSON value.
struct Value {
  enum class Kind { null, boolean, integer, string, array, object } kind = Kind::null;
  bool boolean = false;
  std::uint64_t integer = 0;
  std::string string;
  std::vector<Value> array;
  Members<Value> object;

  // Declared here, defined below where Value is complete (Members holds pairs of Value).
  Value();
  Value(const Value&);
  Value(Value&&) noexcept;
  Value& operator=(const Value&);
  Value& operator=(Value&&) noexcept;
  ~Value();
};
inline Value::Value() = default;
inline Value::Value(const Value&) = default;
inline Value::Value(Value&&) noexcept = default;
inline Value& Value::operator=(const Value&) = default;
inline Value& Value::operator=(Value&&) noexcept = default;
inline Value::~Value() = default;

/// The deck-state limit: a deck state nests three deep (state.piles.name[id]);
/// tests/vectors/bad-states.json holds states two levels further in. Values deeper than this are
/// refused ("nested too deeply"), which bounds the parser's recursion on hostile input.
inline constexpr int kStateDepth = 5;

namespace detail {
class Parser {
public:
  explicit Parser(std::string_view text, int max_depth = kStateDepth,
                  std::string_view subject = "state is not valid deck-state JSON")
      : s_(text), max_depth_(max_depth), subject_(subject) {}

  Value document() {
    Value v = value(0);
    skip();
    if (i_ != s_.size()) fail("unexpected text after the end");
    return v;
  }

private:
  [[noreturn]] void fail(const std::string& what) const {
    throw TypeError(cat(subject_, " at character ", i_, ": ", what));
  }
  void skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t')) ++i_;
  }
  bool eat(char c) {
    skip();
    if (i_ < s_.size() && s_[i_] == c) return ++i_, true;
    return false;
  }
  bool word(std::string_view w) {
    if (s_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }
  Value value(int depth) {
    if (depth > max_depth_) fail("nested too deeply");
    skip();
    if (i_ >= s_.size()) fail("unexpected end");
    Value v;
    const char c = s_[i_];
    if (c == '{') {
      ++i_;
      v.kind = Value::Kind::object;
      if (eat('}')) return v;
      do {
        skip();
        std::string key = string();
        if (!eat(':')) fail("expected ':'");
        if (v.object.count(key)) fail(cat("duplicate key '", key, "'"));
        v.object.emplace(std::move(key), value(depth + 1));
      } while (eat(','));
      if (!eat('}')) fail("expected ',' or '}'");
    } else if (c == '[') {
      ++i_;
      v.kind = Value::Kind::array;
      if (eat(']')) return v;
      do v.array.push_back(value(depth + 1));
      while (eat(','));
      if (!eat(']')) fail("expected ',' or ']'");
    } else if (c == '"') {
      v.kind = Value::Kind::string;
      v.string = string();
    } else if (c >= '0' && c <= '9') {
      v.kind = Value::Kind::integer;
      if (c == '0' && i_ + 1 < s_.size() && s_[i_ + 1] >= '0' && s_[i_ + 1] <= '9') fail("leading zero");
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') {
        v.integer = v.integer * 10 + static_cast<std::uint64_t>(s_[i_++] - '0');
        if (v.integer >= (1ULL << 53)) fail("integer too large");
      }
      if (i_ < s_.size() && (s_[i_] == '.' || s_[i_] == 'e' || s_[i_] == 'E')) fail("expected an integer");
    } else if (word("true")) {
      v.kind = Value::Kind::boolean;
      v.boolean = true;
    } else if (word("false")) {
      v.kind = Value::Kind::boolean;
    } else if (!word("null")) {
      fail("unexpected character");
    }
    return v;
  }
  std::string string() {
    if (i_ >= s_.size() || s_[i_] != '"') fail("expected a string");
    ++i_;
    std::string out;
    while (true) {
      if (i_ >= s_.size()) fail("unterminated string");
      const char c = s_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in string");
      if (c == '\\') {
        if (i_ >= s_.size()) fail("unterminated escape");
        const char e = s_[i_++];
        if (e == '"' || e == '\\' || e == '/') out.push_back(e);
        else fail("unsupported escape");
      } else {
        out.push_back(c);
      }
      if (out.size() > 256) fail("string too long");
    }
  }

  std::string_view s_;
  std::size_t i_ = 0;
  int max_depth_;
  std::string_view subject_;
};
}  // namespace detail

/// Parses `text`; throws TypeError saying where and why it is malformed.
inline Value parse(std::string_view text) { return detail::Parser(text).document(); }

/// Parses `text` allowing values `max_depth` levels below the root (the root is level 0); errors
/// begin with `subject` (e.g. "trustless transcript is not valid JSON"). For callers whose
/// documents nest deeper than a deck state; choose the smallest depth the format needs.
inline Value parse(std::string_view text, int max_depth, std::string_view subject) {
  return detail::Parser(text, max_depth, subject).document();
}

}  // namespace fairdeck::json
