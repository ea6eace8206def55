using Google.Protobuf.WellKnownTypes;
using RpcCompare.Protocols.Grpc;
using RpcCompare.Protocols.Grpc.Health;

namespace RpcCompare.UnitTests.Grpc;

public class GrpcMethodTests
{
    [Fact]
    public void FromServiceBuildsUnaryMethodWithItsPath()
    {
        var method = GrpcMethod<HealthCheckRequest, HealthCheckResponse>.FromService(HealthReflection.Descriptor.Services[0], "Check");

        Assert.Equal(GrpcMethodType.Unary, method.Type);
        Assert.Equal("grpc.health.v1.Health", method.ServiceName);
        Assert.Equal("Check", method.Name);
        Assert.Equal("/grpc.health.v1.Health/Check", method.FullName);
    }

    [Fact]
    public void FromDescriptorRecognisesServerStreaming()
    {
        var descriptor = HealthReflection.Descriptor.Services[0].FindMethodByName("Watch");

        var method = GrpcMethod<HealthCheckRequest, HealthCheckResponse>.FromDescriptor(descriptor);

        Assert.Equal(GrpcMethodType.ServerStreaming, method.Type);
        Assert.Equal("/grpc.health.v1.Health/Watch", method.FullName);
    }

    [Fact]
    public void FromDescriptorRejectsWrongRequestType()
    {
        var descriptor = HealthReflection.Descriptor.Services[0].FindMethodByName("Check");

        var error = Assert.Throws<ArgumentException>(() => GrpcMethod<StringValue, HealthCheckResponse>.FromDescriptor(descriptor));

        Assert.Contains("request message 'grpc.health.v1.HealthCheckRequest'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void FromDescriptorRejectsWrongResponseType()
    {
        var descriptor = HealthReflection.Descriptor.Services[0].FindMethodByName("Check");

        var error = Assert.Throws<ArgumentException>(() => GrpcMethod<HealthCheckRequest, StringValue>.FromDescriptor(descriptor));

        Assert.Contains("response message 'grpc.health.v1.HealthCheckResponse'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void FromServiceNamesTheMissingMethod()
    {
        var error = Assert.Throws<ArgumentException>(() =>
            GrpcMethod<HealthCheckRequest, HealthCheckResponse>.FromService(HealthReflection.Descriptor.Services[0], "Probe"));

        Assert.Contains("no method 'Probe'", error.Message, StringComparison.Ordinal);
        Assert.Contains("Check, Watch", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("", "Echo")]
    [InlineData("a/b", "Echo")]
    [InlineData("pkg.Svc", "Ec ho")]
    public void ConstructorRejectsInvalidNames(string service, string method)
    {
        Assert.ThrowsAny<ArgumentException>(() => new GrpcMethod<StringValue, StringValue>(GrpcMethodType.Unary, service, method));
    }
}
