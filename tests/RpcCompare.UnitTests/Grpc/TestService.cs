using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using Microsoft.AspNetCore.Routing;
using RpcCompare.Protocols.Grpc;

namespace RpcCompare.UnitTests.Grpc;

/// <summary>A small service over well-known messages that exercises every path of the protocol.</summary>
internal static class TestService
{
    public const string Name = "rpccompare.test.Echo";

    public static readonly GrpcMethod<StringValue, StringValue> Echo = new(GrpcMethodType.Unary, Name, "Echo");
    public static readonly GrpcMethod<StringValue, StringValue> Fail = new(GrpcMethodType.Unary, Name, "Fail");
    public static readonly GrpcMethod<StringValue, StringValue> Crash = new(GrpcMethodType.Unary, Name, "Crash");
    public static readonly GrpcMethod<StringValue, StringValue> Header = new(GrpcMethodType.Unary, Name, "Header");
    public static readonly GrpcMethod<StringValue, StringValue> Peer = new(GrpcMethodType.Unary, Name, "Peer");
    public static readonly GrpcMethod<Int64Value, BytesValue> Bytes = new(GrpcMethodType.Unary, Name, "Bytes");
    public static readonly GrpcMethod<StringValue, StringValue> Slow = new(GrpcMethodType.Unary, Name, "Slow");
    public static readonly GrpcMethod<Int64Value, Int64Value> Count = new(GrpcMethodType.ServerStreaming, Name, "Count");
    public static readonly GrpcMethod<Int64Value, Int64Value> CountThenFail = new(GrpcMethodType.ServerStreaming, Name, "CountThenFail");
    public static readonly GrpcMethod<Int64Value, Int64Value> Endless = new(GrpcMethodType.ServerStreaming, Name, "Endless");

    /// <summary>Same service, a method the server never maps.</summary>
    public static readonly GrpcMethod<StringValue, StringValue> Missing = new(GrpcMethodType.Unary, Name, "Missing");

    public static void Map(IEndpointRouteBuilder endpoints, TestServiceProbe probe)
    {
        endpoints.MapGrpcUnary(Echo, (request, _) => Task.FromResult(new StringValue { Value = request.Value }));

        // "Code:detail" ends the call with that status and detail.
        endpoints.MapGrpcUnary(Fail, (request, _) =>
        {
            var separator = request.Value.IndexOf(':', StringComparison.Ordinal);
            var code = System.Enum.Parse<GrpcStatusCode>(request.Value[..separator]);
            throw new GrpcException(code, request.Value[(separator + 1)..]);
        });

        endpoints.MapGrpcUnary<StringValue, StringValue>(Crash, (request, _) =>
            throw new InvalidOperationException("secret detail " + request.Value));

        endpoints.MapGrpcUnary(Header, (request, context) =>
            Task.FromResult(new StringValue { Value = context.RequestHeaders[request.Value].ToString() }));

        endpoints.MapGrpcUnary(Peer, (_, context) => Task.FromResult(new StringValue { Value = context.Peer }));

        endpoints.MapGrpcUnary(Bytes, (request, _) =>
            Task.FromResult(new BytesValue { Value = ByteString.CopyFrom(new byte[request.Value]) }));

        endpoints.MapGrpcUnary(Slow, async (request, context) =>
        {
            probe.SlowStarted.TrySetResult(context.Deadline);
            try
            {
                await Task.Delay(Timeout.Infinite, context.CancellationToken);
            }
            catch (OperationCanceledException)
            {
                probe.SlowCancelled.TrySetResult();
                throw;
            }

            return request;
        });

        endpoints.MapGrpcServerStreaming(Count, async (request, stream, _) =>
        {
            for (long i = 1; i <= request.Value; i++)
            {
                await stream.WriteAsync(new Int64Value { Value = i });
            }
        });

        endpoints.MapGrpcServerStreaming(CountThenFail, async (request, stream, _) =>
        {
            for (long i = 1; i <= request.Value; i++)
            {
                await stream.WriteAsync(new Int64Value { Value = i });
            }

            throw new GrpcException(GrpcStatusCode.Aborted, "stopped after " + request.Value);
        });

        endpoints.MapGrpcServerStreaming(Endless, async (_, stream, context) =>
        {
            try
            {
                for (long i = 1; ; i++)
                {
                    await stream.WriteAsync(new Int64Value { Value = i });
                    await Task.Delay(5, context.CancellationToken);
                }
            }
            catch (OperationCanceledException)
            {
                probe.EndlessCancelled.TrySetResult();
                throw;
            }
        });
    }
}
