using System.Text.Json;
using RpcCompare.Protocols.GraphQl.Language;
using RpcCompare.Protocols.GraphQl.Resolvers;

namespace RpcCompare.Protocols.GraphQl.Execution;

/// <summary>
/// An operation ready to run: fragments expanded, fields with the same response name merged, @skip/@include
/// applied, literal arguments coerced. Cached per document, operation and value of the condition variables.
/// </summary>
internal sealed class CompiledOperation(OperationDefinitionNode node, ObjectType rootType, CompiledSelectionSet selectionSet, int dynamicSlots)
{
    public OperationDefinitionNode Node { get; } = node;

    public ObjectType RootType { get; } = rootType;

    public CompiledSelectionSet SelectionSet { get; } = selectionSet;

    /// <summary>How many fields take arguments from variables (each gets a per-request slot).</summary>
    public int DynamicSlots { get; } = dynamicSlots;

    public bool IsMutation => Node.Operation == OperationType.Mutation;
}

internal sealed class CompiledSelectionSet(ObjectType type, CompiledField[] fields)
{
    public ObjectType Type { get; } = type;

    public CompiledField[] Fields { get; } = fields;
}

internal sealed class CompiledField
{
    public CompiledField(string responseName, FieldDefinition definition, IReadOnlyList<FieldNode> nodes)
    {
        ResponseName = responseName;
        EncodedName = JsonEncodedText.Encode(responseName);
        Definition = definition;
        Nodes = nodes;
        Leaf = definition.Type.Named as LeafType;
        IsNonNull = definition.Type.IsNonNull;
    }

    public string ResponseName { get; }

    public JsonEncodedText EncodedName { get; }

    public FieldDefinition Definition { get; }

    /// <summary>The merged field nodes; the first gives the error location and the arguments.</summary>
    public IReadOnlyList<FieldNode> Nodes { get; }

    public SourceLocation Location => Nodes[0].Location;

    public bool IsNonNull { get; }

    /// <summary>The leaf type at the core of the field type, or null for object fields.</summary>
    public LeafType? Leaf { get; }

    public CompiledSelectionSet? SelectionSet { get; init; }

    /// <summary>Arguments coerced at compile time; null when some come from variables.</summary>
    public object?[]? StaticArguments { get; init; }

    /// <summary>The per-request slot holding arguments coerced from variables, or -1.</summary>
    public int DynamicSlot { get; init; } = -1;

    public bool IsTypeName { get; init; }

    public DirectLeafWriter? DirectWriter { get; init; }
}
