using System.Text.Json;
using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl.Execution;

/// <summary>
/// First step of input coercion (spec 3.5, 3.10, 3.12, 6.4.1): literals and JSON variable values become
/// leaf CLR values, <c>object?[]</c> lists and dictionaries for input objects. Invalid input throws
/// <see cref="GraphQlException"/> with a message that names the problem.
/// </summary>
internal static class ValueCoercion
{
    public static readonly IReadOnlyDictionary<string, object?> NoVariables = new Dictionary<string, object?>();

    /// <summary>Coerces a literal, reading variable references from already-coerced <paramref name="variables"/>.</summary>
    public static object? CoerceLiteral(ValueNode node, GraphType type, IReadOnlyDictionary<string, object?> variables)
    {
        if (node is VariableNode variable)
        {
            var found = variables.TryGetValue(variable.Name, out var value);
            if ((!found || value is null) && type.IsNonNull)
            {
                throw new GraphQlException($"Variable \"${variable.Name}\" must not be null here: the expected type is {type}.");
            }

            return value;
        }

        if (type is NonNullType nonNull)
        {
            return node is NullValueNode
                ? throw new GraphQlException($"Expected a non-null value of type {type}, found null.")
                : CoerceLiteral(node, nonNull.OfType, variables);
        }

        if (node is NullValueNode)
        {
            return null;
        }

        switch (type)
        {
            case ListType list:
                if (node is ListValueNode items)
                {
                    var result = new object?[items.Items.Count];
                    for (var i = 0; i < result.Length; i++)
                    {
                        result[i] = CoerceListItem(items.Items[i], list.OfType, variables);
                    }

                    return result;
                }

                return new[] { CoerceLiteral(node, list.OfType, variables) };
            case InputObjectType inputObject:
                return CoerceObjectLiteral(node, inputObject, variables);
            case LeafType leaf:
                return leaf.ParseLiteral(node);
            default:
                throw new GraphQlException($"{type} is not an input type.");
        }
    }

    private static object? CoerceListItem(ValueNode node, GraphType itemType, IReadOnlyDictionary<string, object?> variables) =>
        node is VariableNode v && !variables.ContainsKey(v.Name) && !itemType.IsNonNull ? null : CoerceLiteral(node, itemType, variables);

    private static Dictionary<string, object?> CoerceObjectLiteral(ValueNode node, InputObjectType type, IReadOnlyDictionary<string, object?> variables)
    {
        if (node is not ObjectValueNode objectNode)
        {
            throw new GraphQlException($"Expected an input object of type {type.Name}, found {node}.");
        }

        var result = new Dictionary<string, object?>(StringComparer.Ordinal);
        foreach (var fieldNode in objectNode.Fields)
        {
            if (type.GetField(fieldNode.Name) is null)
            {
                throw new GraphQlException($"Input type {type.Name} has no field \"{fieldNode.Name}\".");
            }
        }

        foreach (var field in type.Fields)
        {
            var fieldNode = objectNode.Fields.FirstOrDefault(f => f.Name == field.Name);
            var provided = fieldNode is not null && (fieldNode.Value is not VariableNode v || variables.ContainsKey(v.Name));
            if (provided)
            {
                result[field.Name] = CoerceLiteral(fieldNode!.Value, field.Type, variables);
            }
            else if (field.HasDefaultValue)
            {
                result[field.Name] = field.DefaultValue;
            }
            else if (field.Type.IsNonNull)
            {
                throw new GraphQlException($"Field \"{field.Name}\" of required type {field.Type} was not provided for input type {type.Name}.");
            }
        }

        return result;
    }

    /// <summary>Coerces a variable value from JSON; <paramref name="path"/> names the spot in messages.</summary>
    public static object? CoerceJson(JsonElement value, GraphType type, string path)
    {
        if (type is NonNullType nonNull)
        {
            return value.ValueKind is JsonValueKind.Null or JsonValueKind.Undefined
                ? throw new GraphQlException($"{path}: expected a non-null value of type {type}, found null.")
                : CoerceJson(value, nonNull.OfType, path);
        }

        if (value.ValueKind is JsonValueKind.Null or JsonValueKind.Undefined)
        {
            return null;
        }

        switch (type)
        {
            case ListType list:
                if (value.ValueKind == JsonValueKind.Array)
                {
                    var result = new object?[value.GetArrayLength()];
                    var i = 0;
                    foreach (var item in value.EnumerateArray())
                    {
                        result[i] = CoerceJson(item, list.OfType, $"{path}[{i}]");
                        i++;
                    }

                    return result;
                }

                return new[] { CoerceJson(value, list.OfType, path) };
            case InputObjectType inputObject:
                return CoerceJsonObject(value, inputObject, path);
            case LeafType leaf:
                try
                {
                    return leaf.ParseJson(value);
                }
                catch (GraphQlException ex)
                {
                    throw new GraphQlException($"{path}: {ex.Message}", ErrorCodes.InvalidVariables, innerException: ex);
                }

            default:
                throw new GraphQlException($"{type} is not an input type.");
        }
    }

    private static Dictionary<string, object?> CoerceJsonObject(JsonElement value, InputObjectType type, string path)
    {
        if (value.ValueKind != JsonValueKind.Object)
        {
            throw new GraphQlException($"{path}: expected an object for input type {type.Name}, found {value.ValueKind}.");
        }

        var result = new Dictionary<string, object?>(StringComparer.Ordinal);
        foreach (var property in value.EnumerateObject())
        {
            if (type.GetField(property.Name) is null)
            {
                throw new GraphQlException($"{path}: input type {type.Name} has no field \"{property.Name}\".");
            }
        }

        foreach (var field in type.Fields)
        {
            if (value.TryGetProperty(field.Name, out var fieldValue))
            {
                result[field.Name] = CoerceJson(fieldValue, field.Type, $"{path}.{field.Name}");
            }
            else if (field.HasDefaultValue)
            {
                result[field.Name] = field.DefaultValue;
            }
            else if (field.Type.IsNonNull)
            {
                throw new GraphQlException($"{path}: field \"{field.Name}\" of required type {field.Type} was not provided.");
            }
        }

        return result;
    }

    /// <summary>CoerceVariableValues (spec 6.4.1).</summary>
    public static Dictionary<string, object?> CoerceVariables(
        Schema schema,
        OperationDefinitionNode operation,
        JsonElement? values)
    {
        var result = new Dictionary<string, object?>(operation.VariableDefinitions.Count, StringComparer.Ordinal);
        if (values is { ValueKind: not (JsonValueKind.Object or JsonValueKind.Null or JsonValueKind.Undefined) })
        {
            throw new GraphQlException("\"variables\" must be a JSON object.", ErrorCodes.InvalidVariables);
        }

        foreach (var definition in operation.VariableDefinitions)
        {
            var name = definition.Variable.Name;
            var type = schema.ResolveType(definition.Type)
                ?? throw new GraphQlException($"Variable \"${name}\" has an unknown type {definition.Type}.", ErrorCodes.InvalidVariables);
            JsonElement value = default;
            var provided = values is { ValueKind: JsonValueKind.Object } object_ && object_.TryGetProperty(name, out value);
            if (!provided)
            {
                if (definition.DefaultValue is not null)
                {
                    result[name] = CoerceLiteral(definition.DefaultValue, type, NoVariables);
                }
                else if (type.IsNonNull)
                {
                    throw new GraphQlException($"Variable \"${name}\" of required type {type} was not provided.", ErrorCodes.InvalidVariables);
                }

                continue;
            }

            try
            {
                result[name] = CoerceJson(value, type, $"Variable \"${name}\"");
            }
            catch (GraphQlException ex)
            {
                throw new GraphQlException($"{ex.Message}", ErrorCodes.InvalidVariables, innerException: ex);
            }
        }

        return result;
    }

    /// <summary>CoerceArgumentValues (spec 6.4.1): returns the CLR argument values in definition order.</summary>
    public static object?[] CoerceArguments(FieldDefinition field, IReadOnlyList<ArgumentNode> nodes, IReadOnlyDictionary<string, object?> variables) =>
        CoerceArguments(field.Arguments, field.Coordinate, nodes, variables);

    public static object?[] CoerceArguments(
        IReadOnlyList<InputValueDefinition> definitions,
        string owner,
        IReadOnlyList<ArgumentNode> nodes,
        IReadOnlyDictionary<string, object?> variables)
    {
        if (definitions.Count == 0)
        {
            return [];
        }

        var values = new object?[definitions.Count];
        for (var i = 0; i < definitions.Count; i++)
        {
            var definition = definitions[i];
            ArgumentNode? node = null;
            foreach (var candidate in nodes)
            {
                if (candidate.Name == definition.Name)
                {
                    node = candidate;
                    break;
                }
            }

            var provided = node is not null && (node.Value is not VariableNode v || variables.ContainsKey(v.Name));
            if (!provided)
            {
                if (definition.HasDefaultValue)
                {
                    values[i] = definition.DefaultValue;
                    continue;
                }

                if (definition.Type.IsNonNull)
                {
                    throw new GraphQlException($"Argument \"{definition.Name}\" of required type {definition.Type} was not provided to {owner}.");
                }

                values[i] = null;
                continue;
            }

            try
            {
                var coerced = CoerceLiteral(node!.Value, definition.Type, variables);
                values[i] = definition.Converter.Convert(coerced);
            }
            catch (GraphQlException ex)
            {
                throw new GraphQlException($"Argument \"{definition.Name}\" of {owner} has an invalid value: {ex.Message}", ErrorCodes.InvalidArgument, innerException: ex);
            }
        }

        return values;
    }

    public static bool ContainsVariables(ValueNode node) => node switch
    {
        VariableNode => true,
        ListValueNode list => list.Items.Any(ContainsVariables),
        ObjectValueNode obj => obj.Fields.Any(f => ContainsVariables(f.Value)),
        _ => false,
    };
}
