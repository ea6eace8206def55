namespace RpcCompare.Protocols.GraphQl.Execution;

/// <summary>
/// A node of the result tree: an object (one slot per compiled field) or a list (one slot per item). Nodes know
/// their parent slot so null propagation and error paths need no per-field path allocations.
/// </summary>
internal abstract class ResultNode(object?[] values, ResultNode? parent, int parentIndex)
{
    public object?[] Values { get; } = values;

    public ResultNode? Parent { get; } = parent;

    public int ParentIndex { get; } = parentIndex;

    /// <summary>Set when a non-null violation below replaced this node by null in its parent.</summary>
    public bool IsNulled { get; set; }

    public abstract bool IsNonNullSlot(int index);

    protected abstract object PathSegment(int index);

    public List<object> GetPath(int index)
    {
        var path = new List<object>();
        for (ResultNode? node = this; node is not null; index = node.ParentIndex, node = node.Parent)
        {
            path.Add(node.PathSegment(index));
        }

        path.Reverse();
        return path;
    }
}

internal sealed class ResultObject(CompiledSelectionSet selectionSet, object source, ResultNode? parent, int parentIndex)
    : ResultNode(new object?[selectionSet.Fields.Length], parent, parentIndex)
{
    /// <summary>Marks a slot whose value is read from <see cref="Source"/> by the field's direct writer at write time.</summary>
    public static readonly object Direct = new();

    public CompiledSelectionSet SelectionSet { get; } = selectionSet;

    public object Source { get; } = source;

    public override bool IsNonNullSlot(int index) => SelectionSet.Fields[index].IsNonNull;

    protected override object PathSegment(int index) => SelectionSet.Fields[index].ResponseName;
}

internal sealed class ResultList(int count, GraphType itemType, ResultNode parent, int parentIndex)
    : ResultNode(new object?[count], parent, parentIndex)
{
    public GraphType ItemType { get; } = itemType;

    public override bool IsNonNullSlot(int index) => ItemType.IsNonNull;

    protected override object PathSegment(int index) => index;
}
