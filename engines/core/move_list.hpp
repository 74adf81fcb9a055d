#pragma once
// A fixed-capacity list on the stack for generated moves: no allocation on the search's hot path.
// The capacity is a bound the game proves (e.g. Raichu's largest legal move count), checked in debug.
// The storage is left uninitialised: a list of ~1,000 moves is built at every search node, and zeroing
// it cost more than generating the moves.
#include <cassert>
#include <cstddef>
#include <type_traits>

namespace gamelab {

template <class T, std::size_t Capacity>
class MoveList {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "MoveList holds plain values");

 public:
  MoveList() {}
  MoveList(const MoveList& other) : size_(other.size_) {
    for (std::size_t i = 0; i < size_; ++i) storage_.items[i] = other.storage_.items[i];
  }
  MoveList& operator=(const MoveList& other) {
    size_ = other.size_;
    for (std::size_t i = 0; i < size_; ++i) storage_.items[i] = other.storage_.items[i];
    return *this;
  }

  void push_back(const T& item) {
    assert(size_ < Capacity);
    storage_.items[size_++] = item;
  }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  static constexpr std::size_t capacity() { return Capacity; }
  T& operator[](std::size_t i) { return storage_.items[i]; }
  const T& operator[](std::size_t i) const { return storage_.items[i]; }
  T* begin() { return storage_.items; }
  T* end() { return storage_.items + size_; }
  const T* begin() const { return storage_.items; }
  const T* end() const { return storage_.items + size_; }

 private:
  union Storage {
    Storage() {}
    T items[Capacity];
  } storage_;
  std::size_t size_ = 0;
};

}  // namespace gamelab
