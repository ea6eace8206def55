using System.Reflection;
using RpcCompare.Protocols.GraphQl.Introspection;
using RpcCompare.Protocols.GraphQl.Resolvers;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// Builds a code-first <see cref="Schema"/> over existing CLR types:
/// <code>
/// var schema = new SchemaBuilder()
///     .AddObjectType&lt;NodeSummary&gt;(t =&gt; t.BindProperties())
///     .AddQueryType(q =&gt; q.Field("node").Argument&lt;long&gt;("id").Type("NodeSummary")
///         .ResolveAsync((ctx, ct) =&gt; ctx.Service&lt;IGraphQueries&gt;().GetNodeAsync(ctx.Argument&lt;long&gt;("id"), ct)))
///     .Build();
/// </code>
/// Int, Float, String, Boolean, ID, Long and DateTime are built in; CLR enums are added when first used.
/// </summary>
public sealed class SchemaBuilder
{
    private readonly List<ObjectEntry> _objects = [];
    private readonly List<InputEntry> _inputs = [];
    private readonly List<EnumType> _enums = [];
    private readonly List<ScalarType> _scalars = [];
    private readonly List<(Type ClrType, ScalarType Scalar)> _bindings = [];
    private ObjectEntry? _query;
    private ObjectEntry? _mutation;
    private string? _description;

    public SchemaBuilder Description(string description)
    {
        _description = description;
        return this;
    }

    /// <summary>Adds a custom scalar; CLR values of its runtime type map to it unless another scalar claimed that type.</summary>
    public SchemaBuilder AddScalar(ScalarType scalar)
    {
        ArgumentNullException.ThrowIfNull(scalar);
        _scalars.Add(scalar);
        return this;
    }

    /// <summary>Maps a CLR type to a scalar for type inference (e.g. <c>decimal</c> to a custom Decimal scalar).</summary>
    public SchemaBuilder BindClrType<TClr>(ScalarType scalar)
    {
        ArgumentNullException.ThrowIfNull(scalar);
        _bindings.Add((typeof(TClr), scalar));
        return this;
    }

    /// <summary>Adds an object type over <typeparamref name="T"/>. Without <paramref name="configure"/>, all public properties become fields.</summary>
    public SchemaBuilder AddObjectType<T>(Action<ObjectTypeDescriptor<T>>? configure = null)
    {
        var descriptor = new ObjectTypeDescriptor<T>(DefaultName(typeof(T)));
        if (configure is null)
        {
            descriptor.BindProperties();
        }
        else
        {
            configure(descriptor);
        }

        EnsureNotReserved(descriptor.TypeName);
        _objects.Add(ObjectEntry.From(descriptor, typeof(T)));
        return this;
    }

    public SchemaBuilder AddEnumType<TEnum>(Action<EnumTypeDescriptor<TEnum>>? configure = null)
        where TEnum : struct, Enum
    {
        var descriptor = new EnumTypeDescriptor<TEnum>(typeof(TEnum).Name);
        configure?.Invoke(descriptor);
        EnsureNotReserved(descriptor.TypeName);
        _enums.Add(descriptor.Build());
        return this;
    }

    public SchemaBuilder AddInputObjectType<T>(Action<InputObjectTypeDescriptor<T>>? configure = null)
    {
        var descriptor = new InputObjectTypeDescriptor<T>(DefaultName(typeof(T)));
        configure?.Invoke(descriptor);
        EnsureNotReserved(descriptor.TypeName);
        _inputs.Add(new InputEntry(descriptor.TypeName, descriptor.TypeDescription, typeof(T), descriptor.Ignored, descriptor.FieldTypes, descriptor.FieldDescriptions));
        return this;
    }

    /// <summary>The query root ("Query"); its resolvers receive a root object as parent.</summary>
    public SchemaBuilder AddQueryType(Action<ObjectTypeDescriptor<object>> configure)
    {
        ArgumentNullException.ThrowIfNull(configure);
        var descriptor = new ObjectTypeDescriptor<object>("Query");
        configure(descriptor);
        _query = ObjectEntry.From(descriptor, typeof(object));
        return this;
    }

    /// <summary>The mutation root ("Mutation"); its fields execute one after the other.</summary>
    public SchemaBuilder AddMutationType(Action<ObjectTypeDescriptor<object>> configure)
    {
        ArgumentNullException.ThrowIfNull(configure);
        var descriptor = new ObjectTypeDescriptor<object>("Mutation");
        configure(descriptor);
        _mutation = ObjectEntry.From(descriptor, typeof(object));
        return this;
    }

    public Schema Build()
    {
        if (_query is null)
        {
            throw new InvalidOperationException("A schema needs a query type: call AddQueryType.");
        }

        var registry = new TypeRegistry();
        RegisterScalars(registry);
        foreach (var enumType in _enums.Concat(IntrospectionTypes.CreateEnums()))
        {
            registry.Add(enumType);
        }

        var objectTypes = new List<(ObjectEntry Entry, ObjectType Type)>();
        foreach (var entry in _objects.Concat(IntrospectionTypes.CreateObjects()))
        {
            var type = new ObjectType(entry.Name, entry.Description, entry.ClrType);
            registry.Add(type, entry.ClrType);
            objectTypes.Add((entry, type));
        }

        var query = new ObjectType(_query.Name, _query.Description, typeof(object));
        registry.Add(query);
        objectTypes.Add((_query, query));
        ObjectType? mutation = null;
        if (_mutation is not null)
        {
            mutation = new ObjectType(_mutation.Name, _mutation.Description, typeof(object));
            registry.Add(mutation);
            objectTypes.Add((_mutation, mutation));
        }

        var inputTypes = new List<(InputEntry Entry, InputObjectType Type)>();
        foreach (var entry in _inputs)
        {
            var type = new InputObjectType(entry.Name, entry.Description, entry.ClrType);
            registry.Add(type, entry.ClrType);
            inputTypes.Add((entry, type));
        }

        foreach (var (entry, type) in inputTypes)
        {
            InputObjectBuilder.Complete(type, entry, registry);
        }

        foreach (var (entry, type) in objectTypes)
        {
            var fields = entry.Fields().Select(config => BuildField(type, config, registry)).ToList();
            if (fields.Count == 0)
            {
                throw new InvalidOperationException($"Type {type.Name} has no fields; an object type needs at least one.");
            }

            type.SetFields(fields);
        }

        var introspection = IntrospectionFields.Create(registry, query);
        var types = new Dictionary<string, NamedType>(StringComparer.Ordinal);
        foreach (var type in registry.Types)
        {
            // Long and DateTime are always available but only part of the schema once something uses them.
            if (type is ScalarType { IsBuiltIn: false } scalar && !registry.Referenced.Contains(scalar) && !_scalars.Contains(scalar))
            {
                continue;
            }

            types.Add(type.Name, type);
        }

        return new Schema(query, mutation, types, DirectiveDefinition.CreateBuiltIns(), _description, introspection);
    }

    private void RegisterScalars(TypeRegistry registry)
    {
        ScalarType[] builtIn = [Scalars.Int, Scalars.Float, Scalars.String, Scalars.Boolean, Scalars.Id, Scalars.Long, Scalars.DateTime];
        foreach (var scalar in builtIn)
        {
            registry.Add(scalar);
        }

        foreach (var scalar in _scalars)
        {
            registry.Add(scalar);
            registry.BindScalar(scalar.RuntimeType, scalar, replace: false);
        }

        foreach (var (clrType, scalar) in _bindings)
        {
            registry.BindScalar(clrType, scalar, replace: true);
        }

        (Type, ScalarType)[] defaults =
        [
            (typeof(int), Scalars.Int), (typeof(short), Scalars.Int), (typeof(byte), Scalars.Int), (typeof(sbyte), Scalars.Int), (typeof(ushort), Scalars.Int),
            (typeof(long), Scalars.Long), (typeof(uint), Scalars.Long),
            (typeof(double), Scalars.Float), (typeof(float), Scalars.Float), (typeof(decimal), Scalars.Float),
            (typeof(string), Scalars.String), (typeof(char), Scalars.String), (typeof(bool), Scalars.Boolean),
            (typeof(DateTime), Scalars.DateTime), (typeof(DateTimeOffset), Scalars.DateTime), (typeof(Guid), Scalars.Id),
        ];
        foreach (var (clrType, scalar) in defaults)
        {
            registry.BindScalar(clrType, scalar, replace: false);
        }
    }

    private static FieldDefinition BuildField(ObjectType parent, FieldConfig config, TypeRegistry registry)
    {
        var where = $"{parent.Name}.{config.Name}";
        var resolver = config.Resolver
            ?? throw new InvalidOperationException($"{where} has no resolver: call Resolve, ResolveAsync or ResolveValueAsync.");
        var type = config.TypeReference is not null
            ? registry.Resolve(config.TypeReference, where)
            : registry.InferOutput(resolver.ResultType, resolver.ResultNullability, where);
        if (!type.IsOutputType)
        {
            throw new InvalidOperationException($"{where} has type {type}, which is not an output type.");
        }

        EnsureClrCompatible(where, type, resolver.ResultType);
        var arguments = config.Arguments.Select(a => BuildArgument(a, registry, $"{where}({a.Name}:)")).ToList();
        var field = new FieldDefinition(config.Name, type, arguments, resolver, config.Description, config.DeprecationReason, config.Cost, config.ListSize);
        if (resolver.IsPure && type.Named is LeafType leaf && type.Nullable is not ListType)
        {
            field.DirectWriter = resolver.CreateDirectWriter(leaf);
        }

        return field;
    }

    internal static InputValueDefinition BuildArgument(ArgumentConfig config, TypeRegistry registry, string where)
    {
        var type = config.TypeReference is not null
            ? registry.Resolve(config.TypeReference, where)
            : registry.InferInput(config.ClrType, null, where);
        if (config.HasDefaultValue && config.DefaultValue is null && type.IsNonNull)
        {
            throw new InvalidOperationException($"{where} has type {type} but a null default value.");
        }

        try
        {
            return new InputValueDefinition(config.Name, type, config.ClrType, config.Description, config.HasDefaultValue, config.DefaultValue);
        }
        catch (InvalidOperationException ex)
        {
            throw new InvalidOperationException($"{where}: {ex.Message}", ex);
        }
    }

    /// <summary>Fails at build time when an object field's CLR result can never be the type's CLR parent.</summary>
    private static void EnsureClrCompatible(string where, GraphType type, Type clrType)
    {
        var graphType = type.Nullable;
        while (graphType is ListType list)
        {
            clrType = ClrTypes.GetElementType(clrType) ?? typeof(object);
            graphType = list.OfType.Nullable;
        }

        if (graphType is ObjectType objectType && clrType != typeof(object)
            && !objectType.ClrType.IsAssignableFrom(Nullable.GetUnderlyingType(clrType) ?? clrType)
            && !clrType.IsAssignableFrom(objectType.ClrType))
        {
            throw new InvalidOperationException(
                $"{where} resolves {clrType.Name}, but its type {objectType.Name} is bound to {objectType.ClrType.Name}.");
        }
    }

    private static string DefaultName(Type type)
    {
        var name = type.Name;
        var tick = name.IndexOf('`', StringComparison.Ordinal);
        return tick < 0 ? name : name[..tick];
    }

    private static void EnsureNotReserved(string name)
    {
        if (name.StartsWith("__", StringComparison.Ordinal))
        {
            throw new ArgumentException($"Type names starting with \"__\" are reserved for introspection: \"{name}\".", nameof(name));
        }
    }

    internal sealed record ObjectEntry(string Name, string? Description, Type ClrType, Func<IReadOnlyList<FieldConfig>> Fields)
    {
        public static ObjectEntry From<T>(ObjectTypeDescriptor<T> descriptor, Type clrType) =>
            new(descriptor.TypeName, descriptor.TypeDescription, clrType, descriptor.BuildFieldConfigs);
    }

    internal sealed record InputEntry(
        string Name,
        string? Description,
        Type ClrType,
        IReadOnlySet<string> Ignored,
        IReadOnlyDictionary<string, string> FieldTypes,
        IReadOnlyDictionary<string, string> FieldDescriptions);
}
