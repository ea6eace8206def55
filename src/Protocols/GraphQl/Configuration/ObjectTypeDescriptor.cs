using System.Linq.Expressions;
using System.Reflection;
using RpcCompare.Protocols.GraphQl.Resolvers;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// Code-first configuration of an object type over the CLR type <typeparamref name="T"/>: fields from lambdas
/// (<c>t.Field(x =&gt; x.Name)</c>), computed fields with arguments and resolvers, or all public properties in
/// camelCase with <see cref="BindProperties"/> plus overrides.
/// </summary>
public sealed class ObjectTypeDescriptor<T>
{
    private readonly List<FieldConfig> _fields = [];
    private readonly HashSet<string> _ignored = new(StringComparer.Ordinal);
    private bool _bindProperties;

    internal ObjectTypeDescriptor(string defaultName) => TypeName = defaultName;

    internal string TypeName { get; private set; }

    internal string? TypeDescription { get; private set; }

    public ObjectTypeDescriptor<T> Name(string name)
    {
        NameValidator.EnsureValid(name, "type");
        TypeName = name;
        return this;
    }

    public ObjectTypeDescriptor<T> Description(string description)
    {
        TypeDescription = description;
        return this;
    }

    /// <summary>Adds every public readable instance property as a camelCase field; explicit fields override them.</summary>
    public ObjectTypeDescriptor<T> BindProperties()
    {
        _bindProperties = true;
        return this;
    }

    /// <summary>Leaves a field out of <see cref="BindProperties"/> (by GraphQL name, e.g. "internalCode").</summary>
    public ObjectTypeDescriptor<T> Ignore(string fieldName)
    {
        _ignored.Add(fieldName);
        return this;
    }

    /// <summary>A field reading a property or field; name and nullability come from the member.</summary>
    public FieldDescriptor<T> Field<TValue>(Expression<Func<T, TValue>> property)
    {
        ArgumentNullException.ThrowIfNull(property);
        if (property.Body is not MemberExpression { Expression: ParameterExpression, Member: var member })
        {
            throw new ArgumentException(
                $"Field(x => ...) needs a direct property or field access such as x => x.Name, not {property.Body}. Use Field(\"name\", x => ...) for computed values.",
                nameof(property));
        }

        var getter = member is PropertyInfo { GetMethod: { } get } && !typeof(T).IsValueType
            ? get.CreateDelegate<Func<T, TValue>>()
            : property.Compile();
        var config = AddField(ClrTypes.CamelCase(member.Name));
        config.Resolver = new PropertyResolver<T, TValue>(getter, memberAccess: true) { ResultNullability = MemberNullability(member) };
        return new FieldDescriptor<T>(config);
    }

    /// <summary>
    /// A computed field reading only the parent (a cheap projection, charged no cost); give it <c>.Type(...)</c> if the
    /// result may be null. It runs during execution, so an exception becomes a field error.
    /// </summary>
    public FieldDescriptor<T> Field<TValue>(string name, Func<T, TValue> resolve)
    {
        ArgumentNullException.ThrowIfNull(resolve);
        var config = AddField(name);
        config.Resolver = new PropertyResolver<T, TValue>(resolve, memberAccess: false)
        {
            ResultNullability = FieldDescriptor<T>.ReturnNullability(resolve.Method, unwrapTask: false),
        };
        return new FieldDescriptor<T>(config);
    }

    /// <summary>A field whose resolver is set with <c>Resolve</c>, <c>ResolveAsync</c> or <c>ResolveValueAsync</c>.</summary>
    public FieldDescriptor<T> Field(string name) => new(AddField(name));

    private FieldConfig AddField(string name)
    {
        NameValidator.EnsureValid(name, "field");
        var config = new FieldConfig(name);
        var existing = _fields.FindIndex(f => f.Name == name);
        if (existing >= 0)
        {
            _fields[existing] = config;
        }
        else
        {
            _fields.Add(config);
        }

        return config;
    }

    /// <summary>The configured fields: bound properties first (declaration order), explicit fields replacing or following them.</summary>
    internal IReadOnlyList<FieldConfig> BuildFieldConfigs()
    {
        if (!_bindProperties)
        {
            return _fields;
        }

        var result = new List<FieldConfig>();
        var explicitByName = _fields.ToDictionary(f => f.Name, StringComparer.Ordinal);
        var used = new HashSet<string>(StringComparer.Ordinal);
        foreach (var property in typeof(T).GetProperties(BindingFlags.Public | BindingFlags.Instance))
        {
            if (property.GetMethod is not { IsPublic: true } || property.GetIndexParameters().Length > 0)
            {
                continue;
            }

            var name = ClrTypes.CamelCase(property.Name);
            if (_ignored.Contains(name) || !used.Add(name))
            {
                continue;
            }

            if (explicitByName.TryGetValue(name, out var explicitField))
            {
                result.Add(explicitField);
                continue;
            }

            var config = new FieldConfig(name) { Resolver = CreatePropertyResolver(property) };
            result.Add(config);
        }

        result.AddRange(_fields.Where(f => used.Add(f.Name)));
        return result;
    }

    private static FieldResolver CreatePropertyResolver(PropertyInfo property)
    {
        var factory = typeof(ObjectTypeDescriptor<T>)
            .GetMethod(nameof(CreateTypedPropertyResolver), BindingFlags.NonPublic | BindingFlags.Static)!
            .MakeGenericMethod(property.PropertyType);
        return (FieldResolver)factory.Invoke(null, [property])!;
    }

    private static PropertyResolver<T, TValue> CreateTypedPropertyResolver<TValue>(PropertyInfo property)
    {
        Func<T, TValue> getter;
        if (typeof(T).IsValueType)
        {
            var parameter = Expression.Parameter(typeof(T), "x");
            getter = Expression.Lambda<Func<T, TValue>>(Expression.Property(parameter, property), parameter).Compile();
        }
        else
        {
            getter = property.GetMethod!.CreateDelegate<Func<T, TValue>>();
        }

        return new PropertyResolver<T, TValue>(getter, memberAccess: true) { ResultNullability = MemberNullability(property) };
    }

    private static NullabilityInfo? MemberNullability(MemberInfo member)
    {
        var context = new NullabilityInfoContext();
        return member switch
        {
            PropertyInfo property => context.Create(property),
            FieldInfo field => context.Create(field),
            _ => null,
        };
    }
}
