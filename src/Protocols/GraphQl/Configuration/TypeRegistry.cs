using System.Reflection;
using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// The named types being built, by name and by CLR type, and the CLR-to-GraphQL inference: value types are
/// non-null, reference types follow their nullable annotations (unannotated means non-null), sequences are lists.
/// </summary>
internal sealed class TypeRegistry
{
    private readonly Dictionary<string, NamedType> _byName = new(StringComparer.Ordinal);
    private readonly Dictionary<Type, ScalarType> _scalars = [];
    private readonly Dictionary<Type, EnumType> _enums = [];
    private readonly Dictionary<Type, List<ObjectType>> _objects = [];
    private readonly Dictionary<Type, List<InputObjectType>> _inputs = [];

    public IEnumerable<NamedType> Types => _byName.Values;

    /// <summary>Named types referenced by some field, argument or input field (to drop unused optional scalars).</summary>
    public HashSet<NamedType> Referenced { get; } = [];

    public void Add(NamedType type, Type? clrType = null)
    {
        if (!_byName.TryAdd(type.Name, type))
        {
            if (ReferenceEquals(_byName[type.Name], type))
            {
                return;
            }

            throw new InvalidOperationException($"The schema defines two types named \"{type.Name}\".");
        }

        switch (type)
        {
            case EnumType enumType:
                _enums.TryAdd(enumType.ClrType, enumType);
                break;
            case ObjectType objectType when clrType is not null:
                Index(_objects, clrType, objectType);
                break;
            case InputObjectType inputType when clrType is not null:
                Index(_inputs, clrType, inputType);
                break;
        }
    }

    public void BindScalar(Type clrType, ScalarType scalar, bool replace)
    {
        if (replace)
        {
            _scalars[clrType] = scalar;
        }
        else
        {
            _scalars.TryAdd(clrType, scalar);
        }
    }

    public NamedType? Get(string name) => _byName.GetValueOrDefault(name);

    public GraphType Resolve(string typeReference, string where)
    {
        TypeNode node;
        try
        {
            node = Parser.ParseType(typeReference);
        }
        catch (GraphQlSyntaxException ex)
        {
            throw new InvalidOperationException($"{where}: \"{typeReference}\" is not a type reference ({ex.Message}).", ex);
        }

        return Resolve(node, typeReference, where);
    }

    private GraphType Resolve(TypeNode node, string typeReference, string where)
    {
        switch (node)
        {
            case NonNullTypeNode nonNull:
                return new NonNullType(Resolve(nonNull.Type, typeReference, where));
            case ListTypeNode list:
                return new ListType(Resolve(list.Type, typeReference, where));
            default:
                var name = ((NamedTypeNode)node).Name;
                var type = Get(name) ?? throw new InvalidOperationException($"{where}: unknown type \"{name}\" in \"{typeReference}\".");
                Referenced.Add(type);
                return type;
        }
    }

    public GraphType InferOutput(Type clrType, NullabilityInfo? nullability, string where) => Infer(clrType, nullability, input: false, where);

    public GraphType InferInput(Type clrType, NullabilityInfo? nullability, string where) => Infer(clrType, nullability, input: true, where);

    private GraphType Infer(Type clrType, NullabilityInfo? nullability, bool input, string where)
    {
        if (Nullable.GetUnderlyingType(clrType) is { } underlying)
        {
            return InferNamedOrList(underlying, null, input, where);
        }

        var core = InferNamedOrList(clrType, nullability, input, where);
        var nullable = !clrType.IsValueType && nullability?.ReadState == NullabilityState.Nullable;
        return nullable ? core : new NonNullType(core);
    }

    private GraphType InferNamedOrList(Type clrType, NullabilityInfo? nullability, bool input, string where)
    {
        NamedType? named = null;
        if (_scalars.TryGetValue(clrType, out var scalar))
        {
            named = scalar;
        }
        else if (clrType.IsEnum)
        {
            named = GetOrAddEnum(clrType);
        }
        else
        {
            named = input ? Single(_inputs, clrType, where) : Single(_objects, clrType, where);
        }

        if (named is not null)
        {
            Referenced.Add(named);
            return named;
        }

        if (ClrTypes.GetElementType(clrType) is { } element)
        {
            var elementNullability = nullability?.ElementType ?? nullability?.GenericTypeArguments.FirstOrDefault();
            return new ListType(Infer(element, elementNullability, input, where));
        }

        var what = input ? "AddInputObjectType" : "AddObjectType";
        throw new InvalidOperationException(
            $"{where}: cannot infer a GraphQL type for the CLR type {clrType.Name}. Register it ({what}<{clrType.Name}>() or AddScalar), or set the type explicitly.");
    }

    private EnumType GetOrAddEnum(Type enumType)
    {
        if (_enums.TryGetValue(enumType, out var existing))
        {
            return existing;
        }

        var build = typeof(TypeRegistry).GetMethod(nameof(BuildEnum), BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(enumType);
        var created = (EnumType)build.Invoke(null, null)!;
        Add(created);
        return created;
    }

    private static EnumType BuildEnum<TEnum>()
        where TEnum : struct, Enum => new EnumTypeDescriptor<TEnum>(typeof(TEnum).Name).Build();

    private static T? Single<T>(Dictionary<Type, List<T>> map, Type clrType, string where)
        where T : NamedType
    {
        if (!map.TryGetValue(clrType, out var candidates))
        {
            return null;
        }

        if (candidates.Count == 1)
        {
            return candidates[0];
        }

        // One CLR type behind several GraphQL types (e.g. NodeSummary and a richer Node): the namesake wins.
        return candidates.FirstOrDefault(c => c.Name == clrType.Name)
            ?? throw new InvalidOperationException(
                $"{where}: the CLR type {clrType.Name} is bound to several GraphQL types ({string.Join(", ", candidates.Select(c => c.Name))}); set the type explicitly.");
    }

    private static void Index<T>(Dictionary<Type, List<T>> map, Type clrType, T type)
    {
        if (!map.TryGetValue(clrType, out var list))
        {
            map[clrType] = list = [];
        }

        list.Add(type);
    }
}
