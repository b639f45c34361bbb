extension Block {
    /// The block with its paragraph tag taken off when one plain paragraph is all the structure it
    /// holds, so that the element around it (a table cell) holds the words itself.
    ///
    /// A cell's text needs no paragraph of its own (PDF 32000-1, 14.8.4.3.4: TH and TD hold
    /// content directly): a reader announces the cell and its words either way. Each element
    /// costs cairo a structure element, a marked-content sequence and an object, and finishing
    /// one more object to read; a spray report's tables have dozens of cells. A cell with more
    /// than one paragraph, a link, or any other structure keeps its own.
    func untaggingSoleParagraph() -> Block {
        var structureCommands = 0
        var plainParagraph = true
        forEachCommand { command in
            switch command {
            case .beginStructure(let role, let details):
                structureCommands += 1
                if role != .paragraph || details != .none { plainParagraph = false }
            case .endStructure:
                structureCommands += 1
            case .link:
                plainParagraph = false
            default:
                break
            }
        }
        guard plainParagraph, structureCommands == 2 else { return self }
        return withoutStructure()
    }

    private func forEachCommand(_ body: (DrawCommand) -> Void) {
        for item in items {
            switch item {
            case .command(let command): body(command)
            case .block(let block, _): block.forEachCommand(body)
            }
        }
    }

    private func withoutStructure() -> Block {
        Block(size: size, items: items.compactMap { item -> Item? in
            switch item {
            case .command(.beginStructure), .command(.endStructure): nil
            case .command: item
            case .block(let block, let origin): .block(block.withoutStructure(), at: origin)
            }
        })
    }
}
