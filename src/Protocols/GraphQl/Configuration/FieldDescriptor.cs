using System.Reflection;
using RpcCompare.Protocols.GraphQl.Resolvers;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// Configures one field of an object type whose parent CLR type is <typeparamref name="T"/>: its type, arguments,
/// resolver and cost. The GraphQL type is inferred from the resolver's CLR type unless <see cref="Type"/> is set.
/// </summary>
public sealed class FieldDescriptor<T>
{
    internal FieldDescriptor(FieldConfig config) => Config = config;

    internal FieldConfig Config { get; }

    /// <summary>The GraphQL type in SDL notation, e.g. <c>"[Link!]!"</c> or <c>"NodeDetails"</c> (nullable).</summary>
    public FieldDescriptor<T> Type(string typeReference)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(typeReference);
        Config.TypeReference = typeReference;
        return this;
    }

    public FieldDescriptor<T> Description(string description)
    {
        Config.Description = description;
        return this;
    }

    public FieldDescriptor<T> Deprecated(string reason = "No longer supported")
    {
        Config.DeprecationReason = reason;
        return this;
    }

    /// <summary>Declares an argument; resolvers read it with <c>ctx.Argument&lt;TArg&gt;(name)</c>.</summary>
    public FieldDescriptor<T> Argument<TArg>(string name, Action<ArgumentDescriptor<TArg>>? configure = null)
    {
        var argument = new ArgumentConfig(name, typeof(TArg));
        configure?.Invoke(new ArgumentDescriptor<TArg>(argument));
        Config.Arguments.Add(argument);
        return this;
    }

    /// <summary>Declares an argument with an explicit GraphQL type, e.g. <c>Argument&lt;string&gt;("term", "String")</c>.</summary>
    public FieldDescriptor<T> Argument<TArg>(string name, string typeReference) =>
        Argument<TArg>(name, a => a.Type(typeReference));

    /// <summary>A synchronous resolver; it runs inline and allocates no task.</summary>
    public FieldDescriptor<T> Resolve<TResult>(Func<ResolverContext<T>, TResult> resolver)
    {
        ArgumentNullException.ThrowIfNull(resolver);
        Config.Resolver = new ContextResolver<T, TResult>(resolver) { ResultNullability = ReturnNullability(resolver.Method, unwrapTask: false) };
        return this;
    }

    /// <summary>An asynchronous resolver (database call, DataLoader). Its tasks of one level are awaited together.</summary>
    public FieldDescriptor<T> ResolveAsync<TResult>(Func<ResolverContext<T>, CancellationToken, Task<TResult>> resolver)
    {
        ArgumentNullException.ThrowIfNull(resolver);
        Config.Resolver = new TaskResolver<T, TResult>(resolver) { ResultNullability = ReturnNullability(resolver.Method, unwrapTask: true) };
        return this;
    }

    /// <summary>A resolver returning <see cref="ValueTask{TResult}"/>: no allocation when it completes synchronously.</summary>
    public FieldDescriptor<T> ResolveValueAsync<TResult>(Func<ResolverContext<T>, CancellationToken, ValueTask<TResult>> resolver)
    {
        ArgumentNullException.ThrowIfNull(resolver);
        Config.Resolver = new ValueTaskResolver<T, TResult>(resolver) { ResultNullability = ReturnNullability(resolver.Method, unwrapTask: true) };
        return this;
    }

    /// <summary>The weight the cost analysis charges per call (default: 10 for async resolvers, 1 for other resolvers, 0 for properties).</summary>
    public FieldDescriptor<T> Cost(double weight)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(weight);
        Config.Cost = weight;
        return this;
    }

    /// <summary>
    /// How the cost analysis sizes this list: the first of <paramref name="slicingArguments"/> that has a value
    /// (a number, or a list whose length counts), else <paramref name="assumedSize"/>.
    /// </summary>
    public FieldDescriptor<T> ListSize(int? assumedSize = null, params string[] slicingArguments)
    {
        if (assumedSize < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(assumedSize), assumedSize, "The assumed list size cannot be negative.");
        }

        Config.ListSize = new ListSizeDefinition(assumedSize, slicingArguments);
        return this;
    }

    internal static NullabilityInfo? ReturnNullability(MethodInfo method, bool unwrapTask)
    {
        try
        {
            // NullabilityInfoContext is not thread-safe; schemas may be built concurrently.
            var info = new NullabilityInfoContext().Create(method.ReturnParameter);
            return unwrapTask ? info.GenericTypeArguments.FirstOrDefault() : info;
        }
        catch (InvalidOperationException)
        {
            return null;
        }
    }
}
