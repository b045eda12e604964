/// Reduces an envelope to at most `maximumPerRegion` points in each region of `regionSeconds`
/// (from the first point's time; region ends add up in 32-bit floats), by Visvalingam–Whyatt:
/// the point whose triangle with its neighbours has the smallest area goes first (ties: the
/// leftmost), a region's first and last points stay; then points whose triangle scores under
/// `minimumScore` go, smallest first (docs/from-audio.md, "The analysis"). Fed as the envelope is
/// made: memory holds one region.
public struct BreakpointReducer: Sendable {
    private let regionSeconds: Float
    private let maximumPerRegion: Int
    private let minimumScore: Float
    private var region: [EnvelopePoint] = []
    private var regionEnd: Float?

    public init(regionSeconds: Float = 1, maximumPerRegion: Int, minimumScore: Float) {
        (self.regionSeconds, self.maximumPerRegion, self.minimumScore) = (regionSeconds, maximumPerRegion, minimumScore)
    }

    /// Takes the next points; returns the reduced points of the regions they closed.
    public mutating func add(_ points: [EnvelopePoint]) -> [EnvelopePoint] {
        var reduced: [EnvelopePoint] = []
        for point in points {
            if regionEnd == nil { regionEnd = point.time + regionSeconds }
            while let end = regionEnd, point.time >= end {
                reduced += Self.reduce(region, maximum: maximumPerRegion, minimumScore: minimumScore)
                region.removeAll(keepingCapacity: true)
                regionEnd = end + regionSeconds
            }
            region.append(point)
        }
        return reduced
    }

    /// The reduced points of the last region.
    public mutating func finish() -> [EnvelopePoint] {
        defer { region = [] }
        return Self.reduce(region, maximum: maximumPerRegion, minimumScore: minimumScore)
    }

    /// The whole reduction of `points`.
    public static func reduce(_ points: [EnvelopePoint], regionSeconds: Float = 1, maximumPerRegion: Int, minimumScore: Float) -> [EnvelopePoint] {
        var reducer = BreakpointReducer(regionSeconds: regionSeconds, maximumPerRegion: maximumPerRegion, minimumScore: minimumScore)
        return reducer.add(points) + reducer.finish()
    }

    /// Twice the area of the triangle of three points.
    private static func score(_ left: EnvelopePoint, _ mid: EnvelopePoint, _ right: EnvelopePoint) -> Float {
        abs((left.time - mid.time) * (right.value - mid.value) - (right.time - mid.time) * (left.value - mid.value))
    }

    /// One region's reduction.
    private static func reduce(_ points: [EnvelopePoint], maximum: Int, minimumScore: Float) -> [EnvelopePoint] {
        let edge = points.count
        // Each point's neighbours (the first's left is `edge`); a dropped point has none.
        var neighbours = points.indices.map { $0 == 0 ? (left: edge, right: 1) : (left: $0 - 1, right: $0 + 1) }
        var dropped = [Bool](repeating: false, count: points.count)
        var heap = TriangleHeap()
        if points.count >= 3 {
            for mid in 1..<(points.count - 1) {
                heap.push(Triangle(score: score(points[mid - 1], points[mid], points[mid + 1]), left: mid - 1, mid: mid, right: mid + 1))
            }
        }
        var count = points.count
        while count > maximum, let smallest = heap.pop() {
            let (left, right) = neighbours[smallest.mid]
            // A triangle whose point has lost a neighbour since it was scored is out of date.
            guard !dropped[smallest.mid], left == smallest.left, right == smallest.right else { continue }
            neighbours[left].right = right
            neighbours[right].left = left
            dropped[smallest.mid] = true
            count -= 1
            for mid in [left, right] {
                let (newLeft, newRight) = neighbours[mid]
                guard newLeft != edge, newRight != edge, newRight < points.count else { continue }
                heap.push(Triangle(score: score(points[newLeft], points[mid], points[newRight]), left: newLeft, mid: mid, right: newRight))
            }
        }
        // Then every triangle scored under the minimum, smallest first, as it stands in the heap.
        while let smallest = heap.peek(), smallest.score < minimumScore {
            dropped[smallest.mid] = true
            _ = heap.pop()
        }
        return points.indices.filter { !dropped[$0] }.map { points[$0] }
    }
}

/// A point's triangle with its neighbours, ordered by score, then by its indices.
private struct Triangle: Comparable {
    let score: Float
    let left: Int, mid: Int, right: Int

    static func < (a: Triangle, b: Triangle) -> Bool { (a.score, a.left, a.mid, a.right) < (b.score, b.left, b.mid, b.right) }
}

/// A binary min-heap of triangles.
private struct TriangleHeap {
    private var items: [Triangle] = []

    func peek() -> Triangle? { items.first }

    mutating func push(_ item: Triangle) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Triangle? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let smallest = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var least = parent
            if left < items.count, items[left] < items[least] { least = left }
            if right < items.count, items[right] < items[least] { least = right }
            guard least != parent else { break }
            items.swapAt(parent, least)
            parent = least
        }
        return smallest
    }
}
