using System.Linq.Expressions;
using System.Reflection;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// Completes an input object type from its CLR type: one field per public readable property; values go through
/// the public constructor whose parameters all match fields (records), then through setters or init accessors.
/// Factories and setters are compiled once.
/// </summary>
internal static class InputObjectBuilder
{
    public static void Complete(InputObjectType type, SchemaBuilder.InputEntry entry, TypeRegistry registry)
    {
        var clrType = entry.ClrType;
        if (clrType == typeof(Dictionary<string, object?>) || clrType == typeof(IReadOnlyDictionary<string, object?>))
        {
            throw new InvalidOperationException($"Input type {type.Name} needs a CLR class with properties, not a dictionary.");
        }

        var properties = clrType.GetProperties(BindingFlags.Public | BindingFlags.Instance)
            .Where(p => p.GetMethod is { IsPublic: true } && p.GetIndexParameters().Length == 0)
            .Where(p => !entry.Ignored.Contains(ClrTypes.CamelCase(p.Name)))
            .ToList();
        var constructor = ChooseConstructor(clrType, properties);
        var parameters = constructor?.GetParameters() ?? [];
        var nullability = new NullabilityInfoContext();
        var fields = new List<InputValueDefinition>();
        foreach (var property in properties)
        {
            var name = ClrTypes.CamelCase(property.Name);
            var where = $"{type.Name}.{name}";
            var parameterIndex = Array.FindIndex(parameters, p => string.Equals(p.Name, property.Name, StringComparison.OrdinalIgnoreCase));
            var setter = parameterIndex < 0 ? CompileSetter(clrType, property) : null;
            if (parameterIndex < 0 && setter is null)
            {
                continue; // read-only and not a constructor parameter: not an input
            }

            var fieldType = entry.FieldTypes.TryGetValue(name, out var reference)
                ? registry.Resolve(reference, where)
                : registry.InferInput(property.PropertyType, nullability.Create(property), where);
            var parameter = parameterIndex >= 0 ? parameters[parameterIndex] : null;
            var hasDefault = parameter is { HasDefaultValue: true };
            var definition = new InputValueDefinition(
                name,
                fieldType,
                property.PropertyType,
                entry.FieldDescriptions.GetValueOrDefault(name),
                hasDefault,
                hasDefault ? parameter!.DefaultValue : null)
            {
                Setter = setter,
                ConstructorIndex = parameterIndex,
                Getter = property.GetValue,
            };
            fields.Add(definition);
        }

        if (fields.Count == 0)
        {
            throw new InvalidOperationException($"Input type {type.Name} has no fields: {clrType.Name} needs public settable properties or a matching constructor.");
        }

        type.SetFields(fields, CompileConstructor(clrType, constructor), parameters.Length);
    }

    private static ConstructorInfo? ChooseConstructor(Type clrType, List<PropertyInfo> properties)
    {
        var candidates = clrType.GetConstructors()
            .Where(c => c.GetParameters().All(p => properties.Any(q => string.Equals(q.Name, p.Name, StringComparison.OrdinalIgnoreCase))))
            .OrderByDescending(c => c.GetParameters().Length)
            .ToList();
        if (candidates.Count == 0 && !clrType.IsValueType)
        {
            throw new InvalidOperationException($"{clrType.Name} needs a public constructor whose parameters all match properties, or a parameterless one.");
        }

        return candidates.FirstOrDefault();
    }

    private static Func<object?[], object> CompileConstructor(Type clrType, ConstructorInfo? constructor)
    {
        var arguments = Expression.Parameter(typeof(object?[]), "arguments");
        Expression body = constructor is null
            ? Expression.New(clrType)
            : Expression.New(
                constructor,
                constructor.GetParameters().Select((p, i) => Expression.Convert(Expression.ArrayIndex(arguments, Expression.Constant(i)), p.ParameterType)));
        return Expression.Lambda<Func<object?[], object>>(Expression.Convert(body, typeof(object)), arguments).Compile();
    }

    private static Action<object, object?>? CompileSetter(Type clrType, PropertyInfo property)
    {
        if (property.SetMethod is not { IsPublic: true } || clrType.IsValueType)
        {
            return null;
        }

        var target = Expression.Parameter(typeof(object), "target");
        var value = Expression.Parameter(typeof(object), "value");
        var assign = Expression.Call(Expression.Convert(target, clrType), property.SetMethod, Expression.Convert(value, property.PropertyType));
        return Expression.Lambda<Action<object, object?>>(assign, target, value).Compile();
    }
}
