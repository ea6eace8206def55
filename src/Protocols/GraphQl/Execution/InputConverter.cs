using System.Globalization;

namespace RpcCompare.Protocols.GraphQl.Execution;

/// <summary>
/// Second step of input coercion: turns a coerced GraphQL value (leaf CLR values, <c>object?[]</c> lists,
/// dictionaries for input objects) into the CLR type a resolver asked for (e.g. <c>long[]</c> or a record).
/// Built once per argument when the schema is built.
/// </summary>
internal abstract class InputConverter
{
    public abstract object? Convert(object? value);

    public static InputConverter Create(GraphType type, Type clrType)
    {
        if (clrType == typeof(object))
        {
            return IdentityConverter.Instance;
        }

        switch (type.Nullable)
        {
            case ListType list:
                var element = ClrTypes.GetElementType(clrType)
                    ?? throw new InvalidOperationException($"The CLR type {clrType.Name} cannot hold the list type {type}.");
                var item = Create(list.OfType, element);
                var converterType = typeof(ListConverter<>).MakeGenericType(element);
                return (InputConverter)Activator.CreateInstance(converterType, item, clrType.IsArray)!;
            case InputObjectType inputObject:
                return new InputObjectConverter(inputObject);
            default:
                return new LeafConverter(Nullable.GetUnderlyingType(clrType) ?? clrType, clrType.IsValueType && Nullable.GetUnderlyingType(clrType) is null);
        }
    }

    private sealed class IdentityConverter : InputConverter
    {
        public static readonly IdentityConverter Instance = new();

        public override object? Convert(object? value) => value;
    }

    private sealed class LeafConverter(Type target, bool nonNullable) : InputConverter
    {
        public override object? Convert(object? value)
        {
            if (value is null)
            {
                return nonNullable ? throw new GraphQlException($"null cannot be converted to {target.Name}.") : null;
            }

            if (target.IsInstanceOfType(value))
            {
                return value;
            }

            try
            {
                return System.Convert.ChangeType(value, target, CultureInfo.InvariantCulture);
            }
            catch (Exception ex) when (ex is InvalidCastException or OverflowException or FormatException)
            {
                throw new GraphQlException($"The value {value} cannot be converted to {target.Name}.", ErrorCodes.InvalidArgument, innerException: ex);
            }
        }
    }

    private sealed class InputObjectConverter(InputObjectType type) : InputConverter
    {
        public override object? Convert(object? value) =>
            value is IReadOnlyDictionary<string, object?> fields ? type.Create(fields) : value;
    }
}

internal sealed class ListConverter<T>(InputConverter item, bool array) : InputConverter
{
    public override object? Convert(object? value)
    {
        if (value is not object?[] items)
        {
            return value;
        }

        if (array)
        {
            var result = new T[items.Length];
            for (var i = 0; i < items.Length; i++)
            {
                result[i] = (T)item.Convert(items[i])!;
            }

            return result;
        }

        var list = new List<T>(items.Length);
        foreach (var entry in items)
        {
            list.Add((T)item.Convert(entry)!);
        }

        return list;
    }
}
