#pragma once
// A fixed-capacity list on the stack for generated moves: no allocation on the search's hot path.
// The capacity is a bound the game proves (e.g. Raichu's largest legal move count), checked in debug.
#include <array>
#include <cassert>
#include <cstddef>

namespace gamelab {

template <class T, std::size_t Capacity>
class MoveList {
 public:
  void push_back(const T& item) {
    assert(size_ < Capacity);
    items_[size_++] = item;
  }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  static constexpr std::size_t capacity() { return Capacity; }
  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T* begin() { return items_.data(); }
  T* end() { return items_.data() + size_; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }

 private:
  std::array<T, Capacity> items_;
  std::size_t size_ = 0;
};

}  // namespace gamelab
