using System.Linq.Expressions;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// Calls an operation on the service instance through delegates compiled once per operation
/// (no reflection per call): <c>(service, args) => ((TContract)service).Method((T0)args[0], …)</c> and,
/// for Task&lt;T&gt;, <c>task => (object)((Task&lt;T&gt;)task).Result</c>.
/// </summary>
internal sealed class OperationInvoker
{
    private readonly string _name;
    private readonly Func<object, object?[], Task> _call;
    private readonly Func<Task, object?>? _result;

    private OperationInvoker(string name, Func<object, object?[], Task> call, Func<Task, object?>? result)
    {
        _name = name;
        _call = call;
        _result = result;
    }

    public static OperationInvoker Create(OperationDescription operation)
    {
        var method = operation.Method;
        var service = Expression.Parameter(typeof(object), "service");
        var args = Expression.Parameter(typeof(object?[]), "args");
        var arguments = method.GetParameters().Select((p, i) =>
            Expression.Convert(Expression.ArrayIndex(args, Expression.Constant(i)), p.ParameterType));
        var call = Expression.Call(Expression.Convert(service, method.DeclaringType!), method, arguments);
        var callDelegate = Expression.Lambda<Func<object, object?[], Task>>(call, service, args).Compile();

        Func<Task, object?>? resultDelegate = null;
        if (operation.ResultType is { } resultType)
        {
            var task = Expression.Parameter(typeof(Task), "task");
            var taskOfT = typeof(Task<>).MakeGenericType(resultType);
            var result = Expression.Property(Expression.Convert(task, taskOfT), nameof(Task<int>.Result));
            resultDelegate = Expression.Lambda<Func<Task, object?>>(Expression.Convert(result, typeof(object)), task).Compile();
        }

        return new OperationInvoker(operation.Name, callDelegate, resultDelegate);
    }

    public async Task<object?> InvokeAsync(object service, object?[] args)
    {
        var task = _call(service, args) ?? throw new InvalidOperationException($"Operation '{_name}' returned a null Task.");
        await task;
        return _result?.Invoke(task);
    }
}
