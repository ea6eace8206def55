namespace RpcCompare.Protocols.GraphQl.Language;

/// <summary>Base of every node of a parsed executable document. Nodes are immutable and shared by cached plans.</summary>
public abstract class SyntaxNode
{
    protected SyntaxNode(SourceLocation location) => Location = location;

    /// <summary>Where the node starts in the source document.</summary>
    public SourceLocation Location { get; }
}
