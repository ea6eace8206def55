using Google.Protobuf;
using Google.Protobuf.Reflection;

namespace RpcCompare.Protocols.Grpc;

/// <summary>
/// One gRPC method: its service, name, call shape and message types. Build it once (it holds the message
/// parsers) and share it between the server mapping and every client call.
/// </summary>
public sealed class GrpcMethod<TRequest, TResponse>
    where TRequest : class, IMessage<TRequest>, new()
    where TResponse : class, IMessage<TResponse>, new()
{
    public GrpcMethod(GrpcMethodType type, string serviceName, string name)
    {
        ValidateName(serviceName, nameof(serviceName));
        ValidateName(name, nameof(name));
        if (!Enum.IsDefined(type))
        {
            throw new ArgumentOutOfRangeException(nameof(type), type, "Unknown gRPC method type.");
        }

        Type = type;
        ServiceName = serviceName;
        Name = name;
        FullName = "/" + serviceName + "/" + name;
        RequestParser = ParserOf<TRequest>();
        ResponseParser = ParserOf<TResponse>();
    }

    public GrpcMethodType Type { get; }

    /// <summary>The fully qualified service name, "package.Service".</summary>
    public string ServiceName { get; }

    public string Name { get; }

    /// <summary>The HTTP/2 :path of the method, "/package.Service/Method".</summary>
    public string FullName { get; }

    internal MessageParser<TRequest> RequestParser { get; }

    internal MessageParser<TResponse> ResponseParser { get; }

    /// <summary>Builds the method from a protoc descriptor, checking that its call shape and message types are these.</summary>
    public static GrpcMethod<TRequest, TResponse> FromDescriptor(MethodDescriptor descriptor)
    {
        ArgumentNullException.ThrowIfNull(descriptor);
        if (descriptor.IsClientStreaming)
        {
            throw new NotSupportedException(
                $"gRPC method '{descriptor.FullName}' is {(descriptor.IsServerStreaming ? "bidirectional" : "client")} streaming; only unary and server-streaming methods are supported.");
        }

        CheckMessageType(descriptor, descriptor.InputType, typeof(TRequest), "request");
        CheckMessageType(descriptor, descriptor.OutputType, typeof(TResponse), "response");
        var type = descriptor.IsServerStreaming ? GrpcMethodType.ServerStreaming : GrpcMethodType.Unary;
        return new GrpcMethod<TRequest, TResponse>(type, descriptor.Service.FullName, descriptor.Name);
    }

    /// <summary>Finds <paramref name="methodName"/> in a protoc service descriptor and builds it (see <see cref="FromDescriptor"/>).</summary>
    public static GrpcMethod<TRequest, TResponse> FromService(ServiceDescriptor service, string methodName)
    {
        ArgumentNullException.ThrowIfNull(service);
        var descriptor = service.FindMethodByName(methodName)
            ?? throw new ArgumentException(
                $"Service '{service.FullName}' has no method '{methodName}'. Its methods are: {string.Join(", ", service.Methods.Select(m => m.Name))}.",
                nameof(methodName));
        return FromDescriptor(descriptor);
    }

    public override string ToString() => FullName;

    private static void CheckMessageType(MethodDescriptor method, MessageDescriptor declared, Type actual, string role)
    {
        if (declared.ClrType != actual)
        {
            throw new ArgumentException(
                $"gRPC method '{method.FullName}' declares {role} message '{declared.FullName}' ({declared.ClrType?.FullName ?? "no generated type"}), not {actual.FullName}.",
                "descriptor");
        }
    }

    private static void ValidateName(string value, string parameterName)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(value, parameterName);
        if (value.Contains('/', StringComparison.Ordinal) || value.Any(char.IsWhiteSpace))
        {
            throw new ArgumentException($"'{value}' is not a valid gRPC name: it must not contain '/' or white space.", parameterName);
        }
    }

    private static MessageParser<T> ParserOf<T>()
        where T : class, IMessage<T>, new()
    {
        // Generated messages expose a static parser whose factory calls the constructor directly.
        return new T().Descriptor.Parser as MessageParser<T> ?? new MessageParser<T>(static () => new T());
    }
}
