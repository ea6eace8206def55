using System.Collections;
using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl.Introspection;

/// <summary>Prints a CLR default value as a GraphQL literal of its input type (for the SDL and <c>__InputValue.defaultValue</c>).</summary>
internal static class ValueFormatter
{
    public static string Print(object? value, GraphType type) => ValuePrinter.Print(ToLiteral(value, type));

    public static ValueNode ToLiteral(object? value, GraphType type)
    {
        if (value is null)
        {
            return new NullValueNode(default);
        }

        switch (type.Nullable)
        {
            case ListType list when value is IEnumerable items and not string:
                return new ListValueNode(default, items.Cast<object?>().Select(item => ToLiteral(item, list.OfType)).ToList());
            case ListType list:
                return ToLiteral(value, list.OfType);
            case InputObjectType inputObject:
                var fields = new List<ObjectFieldNode>();
                foreach (var field in inputObject.Fields)
                {
                    var fieldValue = value is IReadOnlyDictionary<string, object?> map ? map.GetValueOrDefault(field.Name) : field.Getter?.Invoke(value);
                    fields.Add(new ObjectFieldNode(default, field.Name, ToLiteral(fieldValue, field.Type)));
                }

                return new ObjectValueNode(default, fields);
            case LeafType leaf:
                return leaf.ToLiteral(value);
            default:
                throw new ArgumentException($"{type} is not an input type.", nameof(type));
        }
    }
}
