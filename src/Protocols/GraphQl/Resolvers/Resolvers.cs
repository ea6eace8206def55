using RpcCompare.Protocols.GraphQl.Execution;

namespace RpcCompare.Protocols.GraphQl.Resolvers;

/// <summary>
/// A field that reads the parent only: a property or field access (<paramref name="memberAccess"/>), or a lambda.
/// Only member accesses are read while the response is written (they cannot throw or have side effects in a DTO);
/// lambdas always run during execution, where an exception becomes a field error.
/// </summary>
internal sealed class PropertyResolver<TParent, TValue>(Func<TParent, TValue> getter, bool memberAccess) : FieldResolver
{
    public override Type ResultType => typeof(TValue);

    public override bool IsAsync => false;

    public override bool IsPure => true;

    public override bool CanReadWhileWriting => memberAccess;

    public override ResolverResult Resolve(object parent, in FieldInvocation invocation) => new(getter((TParent)parent));

    public override DirectLeafWriter? CreateDirectWriter(LeafType leaf) =>
        memberAccess && typeof(TValue).IsValueType && Nullable.GetUnderlyingType(typeof(TValue)) is null && leaf is ITypedLeaf<TValue> typed
            ? new DirectLeafWriter<TParent, TValue>(getter, typed)
            : null;
}

/// <summary>A synchronous resolver that needs the context (arguments, services).</summary>
internal sealed class ContextResolver<TParent, TValue>(Func<ResolverContext<TParent>, TValue> resolver) : FieldResolver
{
    public override Type ResultType => typeof(TValue);

    public override bool IsAsync => false;

    public override ResolverResult Resolve(object parent, in FieldInvocation invocation) =>
        new(resolver(new ResolverContext<TParent>((TParent)parent, invocation)));
}

/// <summary>An asynchronous resolver. A task that already completed is read at once, without waiting for the wave.</summary>
internal sealed class TaskResolver<TParent, TValue>(Func<ResolverContext<TParent>, CancellationToken, Task<TValue>> resolver) : FieldResolver
{
    public override Type ResultType => typeof(TValue);

    public override bool IsAsync => true;

    public override ResolverResult Resolve(object parent, in FieldInvocation invocation)
    {
        var task = resolver(new ResolverContext<TParent>((TParent)parent, invocation), invocation.Operation.CancellationToken)
            ?? throw new InvalidOperationException($"The resolver of {invocation.Field.Definition.Coordinate} returned a null task.");
        return task.IsCompletedSuccessfully ? new ResolverResult(task.Result) : new ResolverResult(task);
    }

    public override object? GetResult(Task completed) => ((Task<TValue>)completed).Result;
}

/// <summary>A resolver returning ValueTask: completes synchronously without any allocation when it can.</summary>
internal sealed class ValueTaskResolver<TParent, TValue>(Func<ResolverContext<TParent>, CancellationToken, ValueTask<TValue>> resolver) : FieldResolver
{
    public override Type ResultType => typeof(TValue);

    public override bool IsAsync => true;

    public override ResolverResult Resolve(object parent, in FieldInvocation invocation)
    {
        var task = resolver(new ResolverContext<TParent>((TParent)parent, invocation), invocation.Operation.CancellationToken);
        return task.IsCompletedSuccessfully ? new ResolverResult(task.Result) : new ResolverResult(task.AsTask());
    }

    public override object? GetResult(Task completed) => ((Task<TValue>)completed).Result;
}
