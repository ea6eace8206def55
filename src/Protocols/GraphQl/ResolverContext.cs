using Microsoft.Extensions.DependencyInjection;
using RpcCompare.Protocols.GraphQl.Execution;
using RpcCompare.Protocols.GraphQl.Resolvers;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// What a resolver sees: the parent value, the field's coerced arguments, the request's (scoped) services and
/// DataLoaders. A struct so synchronous resolvers allocate nothing; it stays valid after an await.
/// </summary>
public readonly struct ResolverContext<TParent>
{
    private readonly OperationContext _operation;
    private readonly CompiledField _field;
    private readonly object?[] _arguments;
    private readonly ResultNode _container;
    private readonly int _index;

    internal ResolverContext(TParent parent, in FieldInvocation invocation)
    {
        Parent = parent;
        _operation = invocation.Operation;
        _field = invocation.Field;
        _arguments = invocation.Arguments;
        _container = invocation.Container;
        _index = invocation.Index;
    }

    public TParent Parent { get; }

    public FieldDefinition Field => _field.Definition;

    /// <summary>The schema being executed.</summary>
    public Schema Schema => _operation.Schema;

    /// <summary>The alias of the field when it has one, else its name.</summary>
    public string ResponseName => _field.ResponseName;

    /// <summary>The request's services; in ASP.NET Core this is <c>HttpContext.RequestServices</c> (scoped).</summary>
    public IServiceProvider Services => _operation.Services;

    /// <summary>Cancelled when the client goes away or the execution timeout passes.</summary>
    public CancellationToken RequestAborted => _operation.CancellationToken;

    /// <summary>A request-wide bag for resolvers and error filters to share state.</summary>
    public IDictionary<string, object?> ContextData => _operation.ContextData;

    /// <summary>The response path of this field, e.g. <c>["nodes", 3, "links"]</c>. Allocates; meant for diagnostics.</summary>
    public IReadOnlyList<object> Path => _container.GetPath(_index);

    /// <summary>The coerced value of an argument (its default when it was not given).</summary>
    public T Argument<T>(string name)
    {
        var index = _field.Definition.IndexOfArgument(name);
        if (index < 0)
        {
            throw new ArgumentException($"Field {_field.Definition.Coordinate} has no argument \"{name}\".", nameof(name));
        }

        var value = _arguments[index];
        if (value is T typed)
        {
            return typed;
        }

        if (value is null && default(T) is null)
        {
            return default!;
        }

        throw new InvalidOperationException(
            $"Argument \"{name}\" of {_field.Definition.Coordinate} holds {(value is null ? "null" : value.GetType().Name)}, not {typeof(T).Name}.");
    }

    public T Service<T>()
        where T : notnull => _operation.Services.GetRequiredService<T>();

    /// <summary>A DataLoader class registered with <c>AddDataLoader&lt;T&gt;()</c> (scoped to the request).</summary>
    public T DataLoader<T>()
        where T : class, IDataLoader => _operation.Services.GetRequiredService<T>();

    /// <summary>A 1:1 batch loader created on first use in this request and shared under <paramref name="name"/>.</summary>
    public DataLoader<TKey, TValue> BatchDataLoader<TKey, TValue>(
        string name,
        Func<IReadOnlyList<TKey>, CancellationToken, Task<IReadOnlyDictionary<TKey, TValue>>> fetch,
        DataLoaderOptions? options = null)
        where TKey : notnull
    {
        var scheduler = _operation.Scheduler;
        return _operation.GetOrAddLoader(name, () => new DataLoader<TKey, TValue>(scheduler, fetch, options));
    }

    /// <summary>A 1:n loader (each key has a group of values) created on first use in this request.</summary>
    public GroupedDataLoader<TKey, TValue> GroupDataLoader<TKey, TValue>(
        string name,
        Func<IReadOnlyList<TKey>, CancellationToken, Task<ILookup<TKey, TValue>>> fetch,
        DataLoaderOptions? options = null)
        where TKey : notnull
    {
        var scheduler = _operation.Scheduler;
        return _operation.GetOrAddLoader(name, () => new GroupedDataLoader<TKey, TValue>(scheduler, fetch, options));
    }
}
