extension RandomAccessCollection {
    /// The number of leading elements of a collection sorted so that `isBefore` holds for a prefix
    /// and fails for the rest: the index of the first element it fails for, by binary search.
    @inlinable
    public func prefixCount(where isBefore: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if isBefore(self[index(startIndex, offsetBy: mid)]) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
