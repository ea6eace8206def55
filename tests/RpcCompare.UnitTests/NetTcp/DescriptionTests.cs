using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.UnitTests.NetTcp;

public sealed class DescriptionTests
{
    public interface IWithProperty
    {
        int Value { get; }

        Task PingAsync();
    }

    public interface ISynchronous
    {
        string Ping();
    }

    public interface IWithRefParameter
    {
        Task PingAsync(ref int value);
    }

    public interface IWithCancellation
    {
        Task PingAsync(string value, CancellationToken cancellationToken);
    }

    public interface IWithOverloads
    {
        Task PingAsync(string value);

        Task Ping(int value);
    }

    public interface IGeneric
    {
        Task<T> EchoAsync<T>(T value);
    }

    public interface IBase
    {
        Task<int> BaseAsync();
    }

    public interface IDerived : IBase
    {
        Task DerivedAsync(long id);
    }

    [Theory]
    [InlineData(typeof(IWithProperty), "property")]
    [InlineData(typeof(ISynchronous), "must return Task or Task<T>")]
    [InlineData(typeof(IWithRefParameter), "by reference")]
    [InlineData(typeof(IWithCancellation), "CancellationToken")]
    [InlineData(typeof(IGeneric), "generic")]
    [InlineData(typeof(string), "closed interface")]
    public void UnusableContractIsRejectedWithAMessageNamingTheProblem(Type type, string problem)
    {
        var error = Assert.Throws<ArgumentException>(() => ContractDescription.Create(type, "C", "urn:c"));

        Assert.Contains(problem, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void OperationsThatMapToTheSameNameAreRejected()
    {
        var error = Assert.Throws<InvalidOperationException>(() => ContractDescription.Create<IWithOverloads>("C", "urn:c"));

        Assert.Contains("'Ping'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void OperationNamesAndActionsFollowWcf()
    {
        var contract = ContractDescription.Create<IDerived>("IGraphService", "http://tempuri.org/");

        var derived = contract.Operations.Single(o => o.Name == "Derived");
        var inherited = contract.Operations.Single(o => o.Name == "Base");

        Assert.Equal("http://tempuri.org/IGraphService/Derived", derived.Action);
        Assert.Equal("http://tempuri.org/IGraphService/DerivedResponse", derived.ReplyAction);
        Assert.Null(derived.ResultType);
        Assert.Equal(typeof(int), inherited.ResultType);
        Assert.Equal("urn:x/C/Base", ContractDescription.Create<IDerived>("C", "urn:x").Operations.Single(o => o.Name == "Base").Action);
    }

    [Fact]
    public void BindingRejectsOutOfRangeSettings()
    {
        var binding = new NetTcpBinding();

        Assert.Equal(65_536, binding.MaxReceivedMessageSize);
        Assert.Equal(32, binding.ReaderQuotas.MaxDepth);
        Assert.Equal(8192, binding.ReaderQuotas.MaxStringContentLength);
        Assert.Throws<ArgumentOutOfRangeException>(() => binding.MaxReceivedMessageSize = 0);
        Assert.Throws<ArgumentOutOfRangeException>(() => binding.MaxReceivedMessageSize = (long)int.MaxValue + 1);
        Assert.Throws<ArgumentOutOfRangeException>(() => binding.SendTimeout = TimeSpan.Zero);
        Assert.Throws<ArgumentOutOfRangeException>(() => binding.MaxConnections = 0);
    }

    [Fact]
    public void UnsetReaderQuotasAreRelaxedForBufferedMessagesAsInWcf()
    {
        var binding = new NetTcpBinding();
        binding.ReaderQuotas.MaxArrayLength = 10;

        var settings = binding.Freeze();

        Assert.Equal(10, settings.ReaderQuotas.MaxArrayLength);
        Assert.Equal(128, settings.ReaderQuotas.MaxDepth);
        Assert.Equal(int.MaxValue, settings.ReaderQuotas.MaxStringContentLength);
    }
}
