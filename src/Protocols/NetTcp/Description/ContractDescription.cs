using System.Collections.Frozen;
using System.Reflection;
using System.Xml;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// A service contract read from a plain C# interface, the way WCF reads a [ServiceContract] without attributes:
/// every method returning Task or Task&lt;T&gt; is an operation named after the method without its Async suffix,
/// Action = "{ns}{Name}/{Operation}" and ReplyAction = Action + "Response". Name and namespace come from the caller
/// (both sides must pass the same ones) because the interface cannot carry this library's attributes.
/// </summary>
public sealed class ContractDescription
{
    private readonly FrozenDictionary<MethodInfo, OperationDescription> _byMethod;

    private ContractDescription(Type contractType, string name, string @namespace)
    {
        ContractType = contractType;
        Name = name;
        Namespace = @namespace;
        var dictionary = new XmlDictionary();
        var namespaceString = dictionary.Add(@namespace);
        var contractAction = CombineUri(@namespace, name);
        var operations = new List<OperationDescription>();
        foreach (var method in ContractMethods(contractType))
        {
            var (operationName, resultType) = Validate(contractType, method);
            if (operations.Find(o => o.Name == operationName) is { } clash)
            {
                throw new InvalidOperationException(
                    $"Cannot have two operations in the same contract with the same name: methods {clash.Method.Name} and {method.Name} of {contractType.Name} both map to operation '{operationName}'.");
            }

            operations.Add(new OperationDescription(method, operationName, resultType, contractAction, dictionary, namespaceString));
        }

        if (operations.Count == 0)
        {
            throw new ArgumentException($"Contract interface {contractType.FullName} has no methods.", nameof(contractType));
        }

        Operations = operations;
        _byMethod = operations.ToFrozenDictionary(o => o.Method);
        ByAction = operations.ToFrozenDictionary(o => o.Action, StringComparer.Ordinal);
    }

    public Type ContractType { get; }

    public string Name { get; }

    public string Namespace { get; }

    public IReadOnlyList<OperationDescription> Operations { get; }

    internal FrozenDictionary<string, OperationDescription> ByAction { get; }

    public static ContractDescription Create<TContract>(string name, string @namespace)
        where TContract : class => Create(typeof(TContract), name, @namespace);

    /// <exception cref="ArgumentException">The type is not a usable contract interface; the message names the offending member.</exception>
    public static ContractDescription Create(Type contractType, string name, string @namespace)
    {
        ArgumentNullException.ThrowIfNull(contractType);
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        ArgumentNullException.ThrowIfNull(@namespace);
        if (!contractType.IsInterface || contractType.ContainsGenericParameters)
        {
            throw new ArgumentException($"A contract must be a closed interface type; {contractType.FullName} is not.", nameof(contractType));
        }

        return new ContractDescription(contractType, name, @namespace);
    }

    internal OperationDescription GetOperation(MethodInfo method) =>
        _byMethod.TryGetValue(method, out var operation)
            ? operation
            : throw new NotSupportedException($"Method {method.DeclaringType?.Name}.{method.Name} is not an operation of contract {Name}.");

    public override string ToString() => CombineUri(Namespace, Name);

    // WCF's NamingHelper.CombineUriStrings: no doubled slash.
    private static string CombineUri(string left, string right) =>
        left.Length == 0 || left.EndsWith('/') ? left + right : left + "/" + right;

    private static IEnumerable<MethodInfo> ContractMethods(Type contractType)
    {
        var interfaces = new[] { contractType }.Concat(contractType.GetInterfaces());
        foreach (var type in interfaces)
        {
            if (type.GetProperties().FirstOrDefault() is { } property)
            {
                throw new ArgumentException($"Contract {contractType.Name} declares property {type.Name}.{property.Name}; a contract may only declare methods.", nameof(contractType));
            }

            if (type.GetEvents().FirstOrDefault() is { } @event)
            {
                throw new ArgumentException($"Contract {contractType.Name} declares event {type.Name}.{@event.Name}; a contract may only declare methods.", nameof(contractType));
            }

            foreach (var method in type.GetMethods(BindingFlags.Public | BindingFlags.Instance))
            {
                yield return method;
            }
        }
    }

    private static (string Name, Type? ResultType) Validate(Type contractType, MethodInfo method)
    {
        var where = $"{contractType.Name}.{method.Name}";
        if (method.IsGenericMethodDefinition)
        {
            throw new ArgumentException($"Operation {where} is generic; operations cannot have type parameters.", nameof(contractType));
        }

        Type? resultType;
        if (method.ReturnType == typeof(Task))
        {
            resultType = null;
        }
        else if (method.ReturnType.IsGenericType && method.ReturnType.GetGenericTypeDefinition() == typeof(Task<>))
        {
            resultType = method.ReturnType.GetGenericArguments()[0];
        }
        else
        {
            throw new ArgumentException($"Operation {where} returns {method.ReturnType.Name}; operations must return Task or Task<T>.", nameof(contractType));
        }

        foreach (var parameter in method.GetParameters())
        {
            if (parameter.ParameterType.IsByRef)
            {
                throw new ArgumentException($"Parameter '{parameter.Name}' of {where} is passed by reference; ref/out/in parameters are not supported.", nameof(contractType));
            }

            if (parameter.ParameterType == typeof(CancellationToken))
            {
                throw new ArgumentException($"Parameter '{parameter.Name}' of {where} is a CancellationToken, which cannot travel in a message; bound calls with the binding's SendTimeout.", nameof(contractType));
            }

            if (string.IsNullOrEmpty(parameter.Name))
            {
                throw new ArgumentException($"A parameter of {where} has no name.", nameof(contractType));
            }
        }

        var name = method.Name.EndsWith("Async", StringComparison.Ordinal) && method.Name.Length > "Async".Length
            ? method.Name[..^"Async".Length]
            : method.Name;
        return (name, resultType);
    }
}
