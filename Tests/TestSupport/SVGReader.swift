import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The elements of an SVG that tests read back, parsed with an XML parser.
public final class SVGReader: NSObject, XMLParserDelegate {
    public struct Element {
        public let name: String
        public let attributes: [String: String]
        /// The `class` and `data-title` / `data-label` of the enclosing groups, innermost last.
        public let groups: [[String: String]]
    }

    public private(set) var root: [String: String] = [:]
    public private(set) var elements: [Element] = []
    private var stack: [[String: String]] = []

    public init(_ text: String) throws {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    }

    public func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "svg" && root.isEmpty { root = attributes }
        elements.append(Element(name: name, attributes: attributes, groups: stack))
        if name == "g" { stack.append(attributes) }
    }

    public func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "g" { stack.removeLast() }
    }

    public func number(_ key: String) -> Double { Double(root[key] ?? "") ?? .nan }

    /// The points of a path's `d` (`M x y L x y …`, `V y` continuing the last x).
    public static func points(_ path: String) -> [(x: Double, y: Double, move: Bool)] {
        var result: [(Double, Double, Bool)] = []
        let tokens = path.split(separator: " ")
        var index = 0, x = 0.0
        while index < tokens.count {
            let token = tokens[index]
            let command = token.first!, value = Double(token.dropFirst()) ?? 0
            switch command {
            case "M", "L":
                x = value
                result.append((x, Double(tokens[index + 1]) ?? 0, command == "M"))
                index += 2
            case "V":
                result.append((x, value, false))
                index += 1
            default: index += 1
            }
        }
        return result
    }
}
