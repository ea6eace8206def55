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

internal sealed class CompiledSelectionSet
{
    public CompiledSelectionSet(ObjectType type, CompiledField[] fields)
    {
        Type = type;
        Fields = fields;
        IsPure = fields.All(f => f.Pure != PureKind.None);
    }

    public ObjectType Type { get; }

    public CompiledField[] Fields { get; }

    /// <summary>Every field is a property read: values can be written straight from the CLR objects.</summary>
    public bool IsPure { get; }
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

    /// <summary>How this field is read inside a pure selection set; <see cref="PureKind.None"/> when it needs the executor.</summary>
    public PureKind Pure { get; private set; }

    /// <summary>True when a completed object or list value of this field can be kept as the CLR value (see <see cref="PureSelections"/>).</summary>
    public bool StoresRawValue { get; private set; }

    public CompiledField Seal()
    {
        Pure = PureSelections.Classify(this);
        StoresRawValue = SelectionSet is { IsPure: true }
            && Definition.Type.Nullable is ObjectType or ListType { OfType.Nullable: ObjectType };
        return this;
    }
}
