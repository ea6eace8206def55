using System.Reflection;
using System.Text.Json;
using RpcCompare.Protocols.GraphQl.Execution;

namespace RpcCompare.Protocols.GraphQl.Resolvers;

/// <summary>What a resolver produced: a value now, or a task still running (read later with <see cref="FieldResolver.GetResult"/>).</summary>
internal readonly struct ResolverResult
{
    public ResolverResult(object? value)
    {
        Value = value;
        Pending = null;
    }

    public ResolverResult(Task pending)
    {
        Value = null;
        Pending = pending;
    }

    public object? Value { get; }

    public Task? Pending { get; }
}

/// <summary>Everything a resolver call needs besides the parent, passed by reference to avoid copies.</summary>
internal readonly struct FieldInvocation(OperationContext operation, CompiledField field, object?[] arguments, ResultNode container, int index)
{
    public OperationContext Operation { get; } = operation;

    public CompiledField Field { get; } = field;

    public object?[] Arguments { get; } = arguments;

    public ResultNode Container { get; } = container;

    public int Index { get; } = index;
}

/// <summary>
/// The compiled resolver of one field. Implementations are generic over the parent and result CLR types so
/// that no reflection happens per value, and synchronous resolvers never allocate a task.
/// </summary>
internal abstract class FieldResolver
{
    /// <summary>The CLR type of the resolved value, with Task/ValueTask removed; used to infer the GraphQL type.</summary>
    public abstract Type ResultType { get; }

    /// <summary>Nullable-reference-type information of the result, when the resolver came from a member or a lambda.</summary>
    public NullabilityInfo? ResultNullability { get; init; }

    /// <summary>True when the resolver returns a task (the cost analysis charges these more).</summary>
    public abstract bool IsAsync { get; }

    /// <summary>True when the resolver only reads the parent (no arguments, context or I/O).</summary>
    public virtual bool IsPure => false;

    /// <summary>True when the value may be read from the parent while the response is written (a plain member access).</summary>
    public virtual bool CanReadWhileWriting => false;

    public abstract ResolverResult Resolve(object parent, in FieldInvocation invocation);

    /// <summary>Reads the value of a task returned in <see cref="ResolverResult.Pending"/> once it succeeded.</summary>
    public virtual object? GetResult(Task completed) => throw new InvalidOperationException("This resolver is synchronous.");

    /// <summary>A writer that reads a value-typed leaf straight from the parent at write time (no boxing), if possible.</summary>
    public virtual DirectLeafWriter? CreateDirectWriter(LeafType leaf) => null;
}

/// <summary>Reads a leaf from the parent while the response is written; used for non-nullable value-type properties.</summary>
internal abstract class DirectLeafWriter
{
    public abstract bool RequiresCheck { get; }

    public abstract bool CanWrite(object parent);

    public abstract void Write(Utf8JsonWriter writer, object parent);
}

internal sealed class DirectLeafWriter<TParent, TValue>(Func<TParent, TValue> getter, ITypedLeaf<TValue> leaf) : DirectLeafWriter
{
    public override bool RequiresCheck => leaf.RequiresCheck;

    public override bool CanWrite(object parent) => leaf.CanWrite(getter((TParent)parent));

    public override void Write(Utf8JsonWriter writer, object parent) => leaf.Write(writer, getter((TParent)parent));
}
