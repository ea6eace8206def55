using RpcCompare.Protocols.GraphQl.Resolvers;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>A field of an object type: its type, arguments, resolver and cost settings.</summary>
public sealed class FieldDefinition
{
    private readonly Dictionary<string, int> _argumentIndex;

    internal FieldDefinition(
        string name,
        GraphType type,
        IReadOnlyList<InputValueDefinition> arguments,
        FieldResolver resolver,
        string? description = null,
        string? deprecationReason = null,
        double? cost = null,
        ListSizeDefinition? listSize = null)
    {
        NameValidator.EnsureValid(name, "field");
        Name = name;
        Type = type;
        Arguments = arguments;
        Resolver = resolver;
        Description = description;
        DeprecationReason = deprecationReason;
        Cost = cost;
        ListSize = listSize;
        _argumentIndex = new Dictionary<string, int>(StringComparer.Ordinal);
        for (var i = 0; i < arguments.Count; i++)
        {
            if (!_argumentIndex.TryAdd(arguments[i].Name, i))
            {
                throw new InvalidOperationException($"Field \"{name}\" declares the argument \"{arguments[i].Name}\" twice.");
            }
        }
    }

    public string Name { get; }

    public GraphType Type { get; }

    public IReadOnlyList<InputValueDefinition> Arguments { get; }

    public string? Description { get; }

    public string? DeprecationReason { get; }

    public bool IsDeprecated => DeprecationReason is not null;

    /// <summary>The weight the cost analysis charges for one call of the resolver; null means the default.</summary>
    public double? Cost { get; }

    /// <summary>How the cost analysis sizes the list this field returns; null means the defaults.</summary>
    public ListSizeDefinition? ListSize { get; }

    public ObjectType DeclaringType { get; internal set; } = null!;

    /// <summary>The schema coordinate, e.g. <c>Query.node</c>.</summary>
    public string Coordinate => $"{DeclaringType?.Name}.{Name}";

    internal FieldResolver Resolver { get; }

    /// <summary>Set when the field is a value-type property read straight into the response (no boxing).</summary>
    internal DirectLeafWriter? DirectWriter { get; set; }

    public InputValueDefinition? GetArgument(string name) =>
        _argumentIndex.TryGetValue(name, out var index) ? Arguments[index] : null;

    internal int IndexOfArgument(string name) => _argumentIndex.GetValueOrDefault(name, -1);
}

/// <summary>
/// The <c>@listSize</c> settings of a list field: an assumed size, and the arguments that bound it
/// (e.g. <c>first</c>, or a list argument such as <c>ids</c> whose length is the size).
/// </summary>
public sealed record ListSizeDefinition(int? AssumedSize, IReadOnlyList<string> SlicingArguments);
